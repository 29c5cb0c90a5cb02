import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

export interface BarCategory {
  name: string;
  slug: string;
}

/**
 * The sticky category bar under the header on /shop and every category page: All plus every active
 * category as pills, the current one marked, scrolling sideways inside itself (never the page).
 * `current` is a category slug, or null for All; on /shop a category filter marks its pill as the
 * current choice ("true") rather than the current page.
 */
export function CategoryBar({
  categories,
  current,
  filtered = false,
}: {
  categories: BarCategory[];
  current: string | null;
  filtered?: boolean;
}) {
  const mark = (selected: boolean) => (selected ? (filtered ? "true" : "page") : undefined);
  const stripRef = useRef<HTMLUListElement>(null);
  // The current pill in sight: the strip scrolls sideways (never the page) to bring it in.
  useEffect(() => {
    const strip = stripRef.current;
    const pill = strip?.querySelector<HTMLElement>("[aria-current]");
    if (!strip || !pill) return;
    const left = pill.offsetLeft; // the strip is `relative`: its pills measure from it
    if (left < strip.scrollLeft || left + pill.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = left - (strip.clientWidth - pill.offsetWidth) / 2;
    }
  }, [current]);
  return (
    <nav aria-label="Shop by category" className="category-bar">
      <ul ref={stripRef} className="container-page scroll-strip py-2.5">
        <li>
          <Link to="/shop" prefetch="intent" aria-current={mark(current === null)} className="category-pill">
            All
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/shop/${category.slug}`} prefetch="intent" aria-current={mark(current === category.slug)} className="category-pill">
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
