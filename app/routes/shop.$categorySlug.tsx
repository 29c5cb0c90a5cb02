import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { loadLayoutData } from "~/features/site/layout.server";
import { withSpecialBadges } from "~/features/specials/badges";
import { lazyNamed, suspendedBoundary } from "~/ui/lazy";
import { Breadcrumb } from "~/ui/breadcrumb";
import { CategoryBar } from "~/features/shop-filters/category-bar";
import { CategoryLoadError as ServerCategoryLoadError } from "~/features/site/load-error";
import { Pagination } from "~/features/shop-filters/pagination";
import { ProductGrid } from "~/features/product-card/product-grid";
import { useProductsLoading } from "~/features/catalogue/products-loading";
import { ListingToolbar, ShopFilters } from "~/features/shop-filters/filter-controls";
import { useRootData, type RootLoader } from "~/features/site/root-data";
import { getAdmin } from "~/features/auth/auth.server";
import {
  CONCENTRATE_TABS,
  DEFAULT_CONCENTRATE_TAB,
  parseConcentrateTab,
  type ConcentrateTab,
} from "~/features/category-pages/category-pages";
import { adminDebugText, fixedCategoryPage, genericCategoryPage } from "~/features/category-pages/category-pages.server";
import { rootDescription, rootOrigin, rootShop, seo } from "~/features/site/seo";
import { clearedFilters, effectLabel, hasActiveFilters, type ShopQuery } from "~/features/shop-filters/shop-filters";
import { shopHref, type FilterPage } from "~/features/shop-filters/shop-links";
import { parseShopQuery } from "~/features/shop-filters/shop-query";
import { telegramUrl } from "~/features/site/site";
import { loadCategoryListing, loadGenericCategory, type CategoryListing } from "~/features/listings/listings.server";
import { listingCountsCache } from "~/features/listings/counts-cache.server";
import { readCatalogue } from "~/features/catalogue/product.server";
import { Icon, SmallLineIcon, type IconProps } from "~/ui/icons";

/** ⚠ filled: a warning beside its text. */
function WarningIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 20 20" fill="currentColor" {...props}>
      <path d="M10 2l8.5 15h-17L10 2zm-1 6v4h2V8H9zm0 5v2h2v-2H9z" />
    </Icon>
  );
}

const SlugSchema = z.string().trim().min(1).max(100);

function notFound(pathname: string): never {
  console.warn(`404 Not Found: ${pathname} (no such category)`);
  throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const slug = SlugSchema.safeParse(params.categorySlug);
  if (!slug.success) notFound(url.pathname);

  const isAdmin = (await getAdmin(request, context)) !== null;
  const tab = parseConcentrateTab(url.searchParams.get("tab"));
  // The shop's filters and sorts, scoped to this page: the page is the category, and admins always
  // see inactive products here (badged), so the Show All switch does not apply.
  const query: ShopQuery = { ...parseShopQuery(url.searchParams), category: "", showInactive: false };
  const counts = listingCountsCache(context);
  const options = { query, tab, page: query.page, includeInactive: isAdmin, debug: isAdmin, counts };

  const fixed = fixedCategoryPage(slug.data);
  let result: CategoryListing & { categoryPage: NonNullable<ReturnType<typeof fixedCategoryPage>> };
  if (fixed) {
    result = { categoryPage: fixed, ...(await readCatalogue(() => loadCategoryListing(context.db, fixed, options))) };
  } else {
    const generic = await readCatalogue(() => loadGenericCategory(context.db, slug.data, genericCategoryPage, options));
    if (!generic) notFound(url.pathname);
    result = generic;
  }
  // The specials came with the layout's batch (shared with the root loader): no round trip of their own.
  const layout = await loadLayoutData(request, context);
  result.listing.products = withSpecialBadges(
    result.listing.products,
    layout.specials,
    new Date(),
    layout.settings.value.hours.timeZone,
    layout.sizeProducts,
  );
  return {
    ...result,
    debug: result.debug ? adminDebugText(result.debug) : null,
    query: { ...query, page: result.listing.page },
    tab: result.categoryPage.tabs ? tab : DEFAULT_CONCENTRATE_TAB,
    isAdmin,
  };
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, params }) => {
  const origin = rootOrigin(matches);
  if (!data) {
    return seo({
      title: "Page not found",
      description: rootDescription(matches),
      origin,
      shop: rootShop(matches),
      path: `/shop/${params.categorySlug ?? ""}`,
      noindex: true,
    });
  }
  const { categoryPage, listing } = data;
  const path = `/shop/${categoryPage.slug}`;
  return seo({
    title: listing.page > 1 ? `${categoryPage.name} (page ${listing.page})` : categoryPage.name,
    description: categoryPage.description,
    origin,
    shop: rootShop(matches),
    path: listing.page > 1 ? `${path}?page=${listing.page}` : path,
  });
};

/** The page's own parameters: the concentrates tab, when it is not All. */
function pageParams(tab: ConcentrateTab): Record<string, string> | undefined {
  return tab === DEFAULT_CONCENTRATE_TAB ? undefined : { tab };
}

function filterPage(slug: string, tab: ConcentrateTab): FilterPage {
  return { path: `/shop/${slug}`, params: pageParams(tab) };
}

/** Concentrates' tabs: links that keep the shopper's filters and sort (back to page 1). */
function ConcentrateTabs({
  slug,
  current,
  counts,
  query,
}: {
  slug: string;
  current: ConcentrateTab;
  counts: Record<ConcentrateTab, number>;
  query: ShopQuery;
}) {
  return (
    <nav aria-label="Concentrate types" className="relative -mx-4 mb-4 sm:mx-0">
      <ul className="scroll-strip px-4 pb-1 sm:flex-wrap sm:px-0">
        {CONCENTRATE_TABS.map((tab) => (
          <li key={tab.value} className="shrink-0">
            <Link
              to={shopHref(filterPage(slug, tab.value), { ...query, page: 1 })}
              aria-current={tab.value === current ? "page" : undefined}
              preventScrollReset
              className="concentrate-tab"
            >
              {tab.label}{" "}
              <span>
                {counts[tab.value]}
                <span className="sr-only"> products</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Indoor's admin-only debug banner (its sentences are written by the loader). */
function AdminDebug({ debug }: { debug: ReturnType<typeof adminDebugText> }) {
  return (
    <aside aria-label="Admin debug" className="mb-6 rounded-2xl border border-gold-500/40 bg-gold-100 px-4 py-3 text-sm text-ink-900">
      <p>
        <span className="font-semibold">Admin debug:</span> {debug.summary}
      </p>
      <p className="mt-1">{debug.categories}</p>
    </aside>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string | null; children?: React.ReactNode }) {
  return (
    <div className="card flex flex-col items-center px-6 py-16 text-center">
      <h2 className="font-display text-2xl text-forest-900">{title}</h2>
      {text ? <p className="mt-2 max-w-lg text-ink-700">{text}</p> : null}
      {children}
    </div>
  );
}

/** The category bar's pill for this page: its category, or the first of Indoor's categories that is active. */
function barCurrent(categoryPage: CategoryPageData, slugs: string[]): string | null {
  const { match } = categoryPage;
  if (match.kind === "category") return match.slug;
  if (match.kind === "categories") return slugs.find((slug) => match.slugs.includes(slug)) ?? categoryPage.slug;
  return categoryPage.slug;
}

type CategoryPageData = ReturnType<typeof useLoaderData<typeof loader>>["categoryPage"];

/** Rendered on the server as usual; in the browser its code loads only when the page fails. */
const CategoryLoadError = import.meta.env.SSR
  ? ServerCategoryLoadError
  : lazyNamed(() => import("~/features/site/load-error"), "CategoryLoadError");

export default function CategoryPage() {
  const { categoryPage, listing, facets, tabCounts, debug, tab, query, isAdmin } = useLoaderData<typeof loader>();
  const root = useRootData();
  const barCategories = root?.categories ?? [];
  const telegramUsername = root?.telegramUsername ?? "";
  const loading = useProductsLoading(`/shop/${categoryPage.slug}`);
  const currentTab = CONCENTRATE_TABS.find((entry) => entry.value === tab)!;
  const shopLink = telegramUrl(telegramUsername, `Hi! I'd like to shop ${categoryPage.name}.`);
  const page = filterPage(categoryPage.slug, tab);
  const filtered = hasActiveFilters(query);
  const labels = { effect: (value: string) => effectLabel(facets, value) };
  const hasProducts = tabCounts ? tabCounts.all > 0 || filtered : listing.total > 0 || filtered;

  return (
    <>
      <CategoryBar
        categories={barCategories}
        current={barCurrent(
          categoryPage,
          barCategories.map((category) => category.slug),
        )}
      />
      <div className="container-page pt-4 pb-10 sm:pt-6">
        <div className="hidden sm:block">
          <Breadcrumb trail={[{ to: "/shop", label: "Shop" }]} current={categoryPage.name} />
        </div>

        <header className="category-hero">
          <div className="min-w-0">
            <p className="eyebrow hidden sm:block">Category</p>
            <h1 className="category-title text-2xl sm:mt-2 sm:text-4xl">{categoryPage.title}</h1>
            <p className="mt-1 max-w-xl text-sm text-cream-100 sm:mt-3 sm:text-base">{categoryPage.description}</p>
          </div>
          {/* The product's 'Shop {category}' link goes to the messaging app: it says so, not 'Shop', which reads like the grid below. */}
          <a href={shopLink} target="_blank" rel="noopener noreferrer" className="btn-gold shrink-0 self-start sm:self-auto">
            {`Order ${categoryPage.name} on Telegram`}
            <ExternalLinkIcon />
            <span className="sr-only"> (opens Telegram in a new tab)</span>
          </a>
        </header>

        {categoryPage.warning ? (
          <div role="note" className="category-warning">
            <WarningIcon className="mt-0.5 h-5 w-5 shrink-0 text-berry-700" />
            <p>
              <strong className="font-semibold text-berry-700">{categoryPage.warning.title}:</strong> {categoryPage.warning.text}
            </p>
          </div>
        ) : null}

        {categoryPage.bulkNote ? (
          <p className="category-bulk-note">
            <span className="rounded-full bg-gold-500 px-2 py-0.5 text-xs text-forest-950 uppercase">Bulk</span>
            {categoryPage.bulkNote}
          </p>
        ) : null}

        {debug ? <AdminDebug debug={debug} /> : null}

        {categoryPage.comingSoon ? (
          <EmptyState title="Coming Soon" text={categoryPage.emptyText}>
            <a href={shopLink} target="_blank" rel="noopener noreferrer" className="btn-primary mt-6">
              Message us on Telegram
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </EmptyState>
        ) : !hasProducts ? (
          <EmptyState title={categoryPage.emptyTitle} text={categoryPage.emptyText}>
            {categoryPage.emptyMentionsMigration && isAdmin ? (
              <Link to="/admin/dashboard" className="btn-primary mt-6">
                Go to the dashboard
              </Link>
            ) : (
              <Link to="/shop" className="btn-secondary mt-6">
                Browse all products
              </Link>
            )}
          </EmptyState>
        ) : (
          <div className="shop-layout">
            <ShopFilters page={page} query={query} facets={facets} />

            <div className="min-w-0">
              {tabCounts ? <ConcentrateTabs slug={categoryPage.slug} current={tab} counts={tabCounts} query={query} /> : null}

              <ListingToolbar
                page={page}
                query={query}
                labels={labels}
                shown={listing.products.length}
                total={listing.total}
                loading={loading}
              />

              <div className="mt-4">
                {listing.products.length > 0 ? (
                  <ProductGrid
                    products={listing.products}
                    view={query.view}
                    adminControls={isAdmin}
                    categorySlug={categoryPage.slug}
                    busy={loading}
                  />
                ) : filtered ? (
                  <EmptyState
                    title="No products found matching your criteria."
                    text="Try fewer filters, or clear them to see everything in this category."
                  >
                    <Link to={shopHref(page, clearedFilters(query))} className="btn-secondary mt-6">
                      Clear Filters
                    </Link>
                  </EmptyState>
                ) : (
                  <EmptyState
                    title={`No ${currentTab.label} products right now`}
                    text="Check the other concentrate types or message us for availability."
                  >
                    <Link to={shopHref(filterPage(categoryPage.slug, DEFAULT_CONCENTRATE_TAB), query)} className="btn-secondary mt-6">
                      View all concentrates
                    </Link>
                  </EmptyState>
                )}
              </div>

              <Pagination
                page={listing.page}
                pageCount={listing.pageCount}
                hrefFor={(number) => shopHref(page, { ...query, page: number })}
              />
            </div>
          </div>
        )}
      </div>
    </>
  );
}

export const ErrorBoundary = suspendedBoundary(CategoryLoadError);

function ExternalLinkIcon() {
  return (
    <SmallLineIcon className="h-4 w-4" strokeWidth="1.75">
      <path
        d="M11 4h5v5M16 4l-7 7M14 12v3.5a.5.5 0 0 1-.5.5h-9a.5.5 0 0 1-.5-.5v-9a.5.5 0 0 1 .5-.5H8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SmallLineIcon>
  );
}
