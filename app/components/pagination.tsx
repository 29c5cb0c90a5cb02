import { Link } from "@remix-run/react";
import { pageList } from "~/lib/shop-filters";

// gap-1: the arrow and its word are separate flex items, so the space between them needs the gap.
const itemClass = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold";

/** Previous / numbered / Next links (?page=N), so paging works without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={`${itemClass} text-forest-800 hover:bg-forest-50`} rel="prev">
              <span aria-hidden="true">←</span> Previous
            </Link>
          ) : (
            <span className={`${itemClass} text-ink-500`} aria-disabled="true">
              <span aria-hidden="true">←</span> Previous
            </span>
          )}
        </li>
        {pageList(page, pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className={`${itemClass} text-ink-500`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={`${itemClass} ${item === page ? "bg-forest-800 text-cream-50" : "text-forest-800 hover:bg-forest-50"}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={`${itemClass} text-forest-800 hover:bg-forest-50`} rel="next">
              Next <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span className={`${itemClass} text-ink-500`} aria-disabled="true">
              Next <span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
