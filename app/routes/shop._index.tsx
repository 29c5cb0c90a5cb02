import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { lazyNamed, suspendedBoundary } from "~/ui/lazy";
import { ShopLoadError as ServerShopLoadError } from "~/features/site/load-error";
import { Pagination } from "~/features/shop-filters/pagination";
import { ProductGrid } from "~/features/product-card/product-grid";
import { useProductsLoading } from "~/features/catalogue/products-loading";
import { CategoryBar } from "~/features/shop-filters/category-bar";
import { ListingToolbar, ShopFilters } from "~/features/shop-filters/filter-controls";
import { useRootData, type RootLoader } from "~/features/site/root-data";
import { getAdmin } from "~/features/auth/auth.server";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { clearedFilters, effectLabel, hasActiveFilters } from "~/features/shop-filters/shop-filters";
import { serializeShopQuery, type FilterPage } from "~/features/shop-filters/shop-links";
import { parseShopQuery } from "~/features/shop-filters/shop-query";
import { normalizeSearch, SEARCH_CUT_NOTE } from "~/features/search/search";
import { loadShop } from "~/features/listings/listings.server";
import { readCatalogue } from "~/features/catalogue/product.server";
import { listingCountsCache } from "~/features/listings/counts-cache.server";
import { loadLayoutData } from "~/features/site/layout.server";
import { withSpecialBadges } from "~/features/specials/badges";

/** Only searches that find nothing or were cut need these: not part of a first visit's JavaScript. */
const NoResultsSuggestions = lazyNamed(() => import("~/features/search/search-help"), "NoResultsSuggestions");
const SearchCutNote = lazyNamed(() => import("~/features/search/search-help"), "SearchCutNote");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseShopQuery(params);
  const isAdmin = (await getAdmin(request, context)) !== null;
  const counts = listingCountsCache(context);
  // The specials come with the layout's batch (shared with the root loader): no round trip of their own.
  const [{ listing, categories, facets, stats, noResultsHelp }, layout] = await Promise.all([
    readCatalogue(() => loadShop(context.db, query, { isAdmin, counts })),
    loadLayoutData(request, context),
  ]);
  listing.products = withSpecialBadges(
    listing.products,
    layout.specials,
    new Date(),
    layout.settings.value.hours.timeZone,
    layout.sizeProducts,
  );
  // Counted by the Worker as a search with or without results (docs/decisions/046).
  if (query.search) context.searchResults.count = listing.total;
  return {
    searchNote: normalizeSearch(params.get("search")).cut ? SEARCH_CUT_NOTE : null,
    noResultsHelp,
    // Shoppers never get the inactive switch, whatever the URL says.
    query: { ...query, showInactive: isAdmin && query.showInactive, page: listing.page },
    listing,
    categories,
    facets,
    stats,
    isAdmin,
  };
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches }) => {
  const page = data?.listing.page ?? 1;
  return seo({
    title: page > 1 ? `Shop All Products (page ${page})` : "Shop All Products",
    description: `Every product at ${rootShopName(matches)}: filter by category, strain, potency, effects and price, then order in one Telegram message.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: page > 1 ? `/shop?page=${page}` : "/shop",
  });
};

function DebugStrip({
  stats,
  showInactive,
  query,
}: {
  stats: { total: number; active: number; inactive: number };
  showInactive: boolean;
  query: string;
}) {
  return (
    <aside
      aria-label="Admin debug"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-500/40 bg-gold-100 px-4 py-3 text-sm text-ink-900"
    >
      <p>
        <span className="font-semibold">Admin view:</span> {stats.total} total · {stats.active} active · {stats.inactive} inactive
      </p>
      <Link to={`/shop${query}`} className="rounded-full bg-white px-3 py-1.5 font-semibold text-forest-800 shadow-sm hover:bg-forest-50">
        {showInactive ? "Hide Inactive" : "Show All (Including Inactive)"}
      </Link>
    </aside>
  );
}

const SHOP_PAGE: FilterPage = { path: "/shop" };

/** Rendered on the server as usual; in the browser its code loads only when the page fails. */
const ShopLoadError = import.meta.env.SSR ? ServerShopLoadError : lazyNamed(() => import("~/features/site/load-error"), "ShopLoadError");

export default function Shop() {
  const { query, listing, categories, facets, stats, isAdmin, searchNote, noResultsHelp } = useLoaderData<typeof loader>();
  const barCategories = useRootData()?.categories ?? [];
  const loading = useProductsLoading("/shop");
  const hrefFor = (page: number) => `/shop${serializeShopQuery({ ...query, page })}`;
  const labels = {
    category: (slug: string) => categories.find((category) => category.value === slug)?.label,
    effect: (value: string) => effectLabel(facets, value),
  };

  return (
    <>
      <CategoryBar categories={barCategories} current={query.category || null} filtered={query.category !== ""} />
      <div className="container-page pt-4 pb-10 sm:pt-8">
        <header className="mb-3 sm:mb-6">
          <h1 className="heading-display text-2xl sm:text-4xl">All Products</h1>
          <p className="mt-1 hidden max-w-2xl text-ink-700 sm:block">
            Every product in the shop: filter by category, strain, potency and price.
          </p>
        </header>

        {stats ? (
          <DebugStrip
            stats={stats}
            showInactive={query.showInactive}
            query={serializeShopQuery({ ...query, page: 1, showInactive: !query.showInactive })}
          />
        ) : null}

        <div className="shop-layout">
          <ShopFilters page={SHOP_PAGE} query={query} facets={facets} categories={categories} />

          <div className="min-w-0">
            <ListingToolbar
              page={SHOP_PAGE}
              query={query}
              labels={labels}
              shown={listing.products.length}
              total={listing.total}
              loading={loading}
            />
            {searchNote ? (
              <Suspense>
                <SearchCutNote note={searchNote} />
              </Suspense>
            ) : null}

            <div className="mt-4">
              {listing.products.length === 0 ? (
                <div className="card flex flex-col items-center px-6 py-16 text-center">
                  <p className="font-display text-2xl text-forest-900">No products found matching your criteria.</p>
                  <p className="mt-2 text-ink-700">
                    {hasActiveFilters(query)
                      ? "Try another search, category or price range, or fewer filters."
                      : "Check back soon: new products land every week."}
                  </p>
                  <Link to={`/shop${serializeShopQuery(clearedFilters(query))}`} className="btn-secondary mt-6">
                    Clear Filters
                  </Link>
                  {noResultsHelp ? (
                    <Suspense>
                      <NoResultsSuggestions help={noResultsHelp} />
                    </Suspense>
                  ) : null}
                </div>
              ) : (
                <ProductGrid products={listing.products} view={query.view} adminControls={isAdmin} busy={loading} />
              )}
            </div>

            <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={hrefFor} />
          </div>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = suspendedBoundary(ShopLoadError);
