import { Link } from "@remix-run/react";
import { pageList } from "./paging";

/** Previous / numbered / Next links (?page=N), so paging works without JavaScript (styles: the page-item utility). */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="page-item" rel="prev">
              <span aria-hidden="true">←</span> Previous
            </Link>
          ) : (
            <span className="page-item" aria-disabled="true">
              <span aria-hidden="true">←</span> Previous
            </span>
          )}
        </li>
        {pageList(page, pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="page-item" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link to={hrefFor(item)} aria-label={`Page ${item}`} aria-current={item === page ? "page" : undefined} className="page-item">
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className="page-item" rel="next">
              Next <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span className="page-item" aria-disabled="true">
              Next <span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
