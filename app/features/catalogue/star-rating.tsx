import { groupDigits } from "./money";

/** Five stars filled to the rating (up to 5), with the review count; read as one sentence. */
export function StarRating({
  rating,
  reviewCount,
  size = "sm",
  compact = false,
  className = "",
}: {
  rating: number;
  reviewCount?: number;
  size?: "sm" | "lg";
  /** A product card: smaller stars, and the count as "(234)" with "reviews" for screen readers only. */
  compact?: boolean;
  className?: string;
}) {
  const value = Math.min(5, Math.max(0, rating));
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
      {reviewCount === undefined ? null : compact ? (
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
