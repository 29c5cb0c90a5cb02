import { groupDigits } from "~/features/money/money";
import { NO_REVIEWS_TEXT, ownRating } from "./rating";

/**
 * Five stars filled to the product's own rating (up to 5), with its review count, read as one sentence;
 * "No reviews yet" and no stars for a product without reviews.
 */
export function StarRating({
  rating: stored,
  reviewCount: storedCount,
  size = "sm",
  compact = false,
  className = "",
}: {
  rating: number;
  reviewCount: number;
  size?: "sm" | "lg";
  /** A product card: smaller stars, and the count as "(234)" with "reviews" for screen readers only. */
  compact?: boolean;
  className?: string;
}) {
  const own = ownRating({ rating: stored, reviewCount: storedCount });
  const textSize = compact ? "text-xs" : size === "lg" ? "text-base" : "text-sm";
  if (!own) return <p className={`${textSize} text-ink-500 ${className}`}>{NO_REVIEWS_TEXT}</p>;
  const { value, count: reviewCount } = own;
  const shown = Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return (
    <p className={`flex items-center ${compact ? "gap-1 text-xs" : size === "lg" ? "gap-2 text-base" : "gap-2 text-sm"} ${className}`}>
      <span
        className={compact ? "star-meter-sm" : "star-meter"}
        style={{ "--rating": `${Math.round(value * 200) / 10}%` } as React.CSSProperties}
        aria-hidden="true"
      />
      <span className="font-semibold text-ink-900">
        <span className="sr-only">Rated </span>
        {shown}
        <span className="sr-only"> out of 5</span>
      </span>
      {compact ? (
        <span className="text-ink-500">
          {`(${groupDigits(reviewCount)}`}
          <span className="sr-only">{reviewCount === 1 ? " review" : " reviews"}</span>)
        </span>
      ) : (
        <span className="text-ink-500">{`(${groupDigits(reviewCount)} ${reviewCount === 1 ? "review" : "reviews"})`}</span>
      )}
    </p>
  );
}
