const STAR_PATH =
  "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z";

function Stars({ className }: { className: string }) {
  return (
    <span className={`flex gap-0.5 ${className}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** Five stars filled to the rating (up to 5), with the review count; read as one sentence. */
export function StarRating({ rating, reviewCount, size = "sm" }: { rating: number; reviewCount?: number; size?: "sm" | "lg" }) {
  const value = Math.min(5, Math.max(0, rating));
  const shown = Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return (
    <p className={`flex items-center gap-2 ${size === "lg" ? "text-base" : "text-sm"}`}>
      <span className="relative inline-flex" aria-hidden="true">
        <Stars className="text-cream-200" />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${Math.round(value * 200) / 10}%` }}>
          <Stars className="text-gold-500" />
        </span>
      </span>
      <span className="font-semibold text-ink-900">
        <span className="sr-only">Rated </span>
        {shown}
        <span className="sr-only"> out of 5</span>
      </span>
      {reviewCount === undefined ? null : (
        <span className="text-ink-500">
          ({reviewCount.toLocaleString("en-US")} {reviewCount === 1 ? "review" : "reviews"})
        </span>
      )}
    </p>
  );
}
