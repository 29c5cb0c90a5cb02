/** One formatter for every rating (toLocaleString would build a new one per call: measured 17 µs each on /shop). */
const COUNT = new Intl.NumberFormat("en-US");

/** Five stars filled to the rating (up to 5), with the review count; read as one sentence. */
export function StarRating({
  rating,
  reviewCount,
  size = "sm",
  className = "",
}: {
  rating: number;
  reviewCount?: number;
  size?: "sm" | "lg";
  className?: string;
}) {
  const value = Math.min(5, Math.max(0, rating));
  const shown = Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return (
    <p className={`flex items-center gap-2 ${size === "lg" ? "text-base" : "text-sm"} ${className}`}>
      <span className="star-meter" style={{ "--rating": `${Math.round(value * 200) / 10}%` } as React.CSSProperties} aria-hidden="true" />
      <span className="font-semibold text-ink-900">
        <span className="sr-only">Rated </span>
        {shown}
        <span className="sr-only"> out of 5</span>
      </span>
      {reviewCount === undefined ? null : (
        <span className="text-ink-500">
          {`(${COUNT.format(reviewCount)} ${reviewCount === 1 ? "review" : "reviews"})`}
        </span>
      )}
    </p>
  );
}
