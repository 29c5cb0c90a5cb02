import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { LoadError } from "~/components/load-error";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-grid";
import { ProductsLoading, useProductsLoading } from "~/components/products-loading";
import { ShopFilters } from "~/components/shop-filters";
import type { RootLoader } from "~/root";
import { getAdmin } from "~/auth.server";
import { loaderErrorMessage } from "~/lib/route-errors";
import { rootOrigin, seo } from "~/lib/seo";
import { clearedFilters, countLine, hasActiveFilters, serializeShopQuery } from "~/lib/shop-filters";
import { parseShopQuery } from "~/lib/shop-query";
import { loadShop, readCatalogue } from "~/products.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseShopQuery(new URL(request.url).searchParams);
  const isAdmin = (await getAdmin(request, context.env)) !== null;
  const { listing, categories, stats } = await readCatalogue(() => loadShop(context.db, query, { isAdmin }));
  return {
    // Shoppers never get the inactive switch, whatever the URL says.
    query: { ...query, showInactive: isAdmin && query.showInactive, page: listing.page },
    listing,
    categories,
    stats,
    isAdmin,
  };
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches }) => {
  const page = data?.listing.page ?? 1;
  return seo({
    title: page > 1 ? `Shop All Products (page ${page})` : "Shop All Products",
    description:
      "Browse lab-tested flower, concentrates, edibles, disposables and mushrooms. Search, filter by price and sort; discreet nationwide delivery in 1-3 business days.",
    origin: rootOrigin(matches),
    path: page > 1 ? `/shop?page=${page}` : "/shop",
  });
};

function DebugStrip({ stats, showInactive, query }: { stats: { total: number; active: number; inactive: number }; showInactive: boolean; query: string }) {
  return (
    <aside aria-label="Admin debug" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-500/40 bg-gold-100 px-4 py-3 text-sm text-ink-900">
      <p>
        <span className="font-semibold">Admin view:</span> {stats.total} total · {stats.active} active · {stats.inactive} inactive
      </p>
      <Link to={`/shop${query}`} className="rounded-full bg-white px-3 py-1.5 font-semibold text-forest-800 shadow-sm hover:bg-forest-50">
        {showInactive ? "Hide Inactive" : "Show All (Including Inactive)"}
      </Link>
    </aside>
  );
}

export default function Shop() {
  const { query, listing, categories, stats, isAdmin } = useLoaderData<typeof loader>();
  const loading = useProductsLoading("/shop");
  const hrefFor = (page: number) => `/shop${serializeShopQuery({ ...query, page })}`;

  return (
    <div className="container-page py-10">
      <header className="mb-8">
        <p className="eyebrow">Shop</p>
        <h1 className="heading-display mt-1 text-4xl sm:text-5xl">All Products</h1>
        <p className="mt-2 max-w-2xl text-ink-700">Lab-tested flower, concentrates, edibles and disposables, shipped discreetly in 1-3 business days.</p>
      </header>

      {stats ? (
        <DebugStrip stats={stats} showInactive={query.showInactive} query={serializeShopQuery({ ...query, page: 1, showInactive: !query.showInactive })} />
      ) : null}

      <ShopFilters query={query} categories={categories} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-700">{countLine(listing.products.length, listing.total, query.sort)}</p>
        <ProductsLoading loading={loading} />
      </div>

      <div className="mt-4">
        {listing.products.length === 0 ? (
          <div className="card flex flex-col items-center px-6 py-16 text-center">
            <p className="font-display text-2xl text-forest-900">No products found matching your criteria.</p>
            <p className="mt-2 text-ink-700">
              {hasActiveFilters(query) ? "Try another search, category or price range." : "Check back soon: new products land every week."}
            </p>
            <Link to={`/shop${serializeShopQuery(clearedFilters(query))}`} className="btn-secondary mt-6">
              Clear Filters
            </Link>
          </div>
        ) : (
          <ProductGrid products={listing.products} view={query.view} adminControls={isAdmin} busy={loading} />
        )}
      </div>

      <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={hrefFor} />
    </div>
  );
}

export function ErrorBoundary() {
  const message = loaderErrorMessage(useRouteError());
  return (
    <LoadError title="Shop" message={message}>
      <Link to="/shop" reloadDocument className="btn-primary mt-8">
        Try again
      </Link>
    </LoadError>
  );
}
