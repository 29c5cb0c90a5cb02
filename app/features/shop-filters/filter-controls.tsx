import { Link } from "@remix-run/react";
import { memo, Suspense } from "react";
import { ProductsLoading } from "~/features/catalogue/products-loading";
import { lazyNamed } from "~/ui/lazy";
import { type IconProps, LineIcon, SmallCloseIcon } from "~/ui/icons";
import {
  activeFilterCount,
  clearedFilters,
  FILTER_SHEET_ID,
  filterChips,
  type FacetCounts,
  type FilterCategory,
  type FilterLabels,
  type ShopQuery,
} from "./shop-filters";
import { countLine } from "./shop-sort";
import { shopHref, type FilterPage } from "./shop-links";
import { FilterSheet as ServerFilterSheet } from "./filter-sheet";

/** Three lines of falling length: filters. */
function FilterIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
    </LineIcon>
  );
}

/** Phones and tablets: opens the filter sheet (a native popover, so it works without JavaScript). */
function FiltersButton({ query }: { query: ShopQuery }) {
  const active = activeFilterCount(query);
  return (
    <button
      type="button"
      popovertarget={FILTER_SHEET_ID}
      className="btn-secondary gap-2 px-4 lg:hidden"
      aria-label={active > 0 ? `Filters, ${active} active` : "Filters"}
    >
      <FilterIcon className="h-5 w-5" />
      Filters
      {active > 0 ? (
        <span
          className="min-w-5 rounded-full bg-forest-800 px-1.5 text-center text-xs leading-5 font-bold text-cream-50"
          aria-hidden="true"
        >
          {active}
        </span>
      ) : null}
    </button>
  );
}

/** Every active filter as a removable chip (a link to the view without it), then Clear Filters. */
function FilterChips({ page, query, labels }: { page: FilterPage; query: ShopQuery; labels: FilterLabels }) {
  const chips = filterChips(query, labels);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={`${chip.key}-${chip.value}`} className="max-w-full">
          <Link to={shopHref(page, chip.without)} preventScrollReset className="filter-chip" aria-label={`Remove filter: ${chip.label}`}>
            {/* A long search term is cut short on the chip (its aria-label keeps it whole): the page stays phone-wide. */}
            <span className="truncate">{chip.label}</span>
            <SmallCloseIcon className="h-3.5 w-3.5 shrink-0" strokeWidth="2.2" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={shopHref(page, clearedFilters(query))}
          preventScrollReset
          className="px-2 text-sm font-semibold text-forest-800 underline-offset-4 hover:underline"
        >
          Clear Filters
        </Link>
      </li>
    </ul>
  );
}

/**
 * The filter sheet is rendered on the server as usual; in the browser its code is its own chunk,
 * requested while the page hydrates. Until it arrives the server's markup stays as it is and works
 * as what it is underneath: a GET form in a native popover (as without JavaScript). Then it hydrates
 * and changes apply at once. import.meta.env.SSR is replaced at build time.
 */
const Sheet = import.meta.env.SSR ? ServerFilterSheet : lazyNamed(() => import("./filter-sheet"), "FilterSheet");

type ShopFiltersProps = { page: FilterPage; query: ShopQuery; facets: FacetCounts; categories?: FilterCategory[] };

/**
 * An update that reaches a boundary still waiting for its chunk makes React drop the server's markup
 * and show the fallback until the chunk arrives (docs/README.md, hydration): data reloaded with the
 * same values (after Add to Cart) does not reach the sheet, only a view that changed does.
 */
export const ShopFilters = memo(
  function ShopFilters(props: ShopFiltersProps) {
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    );
  },
  (before, after) => JSON.stringify(before) === JSON.stringify(after),
);

/** Above a listing: the filters button (phones and tablets), the count line, the loading spinner and the active filters' chips. */
export function ListingToolbar({
  page,
  query,
  labels,
  shown,
  total,
  loading,
}: {
  page: FilterPage;
  query: ShopQuery;
  labels: FilterLabels;
  shown: number;
  total: number;
  loading: boolean;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FiltersButton query={query} />
        <p className="text-sm text-ink-700">{countLine(shown, total, query.sort)}</p>
        <ProductsLoading loading={loading} />
      </div>
      <div className="mt-3 empty:hidden">
        <FilterChips page={page} query={query} labels={labels} />
      </div>
    </>
  );
}
