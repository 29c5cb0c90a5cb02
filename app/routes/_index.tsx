import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HomeBottomBar } from "~/features/home/home-bottom-bar";
import { loadHome } from "~/features/home/home.server";
import {
  AppointmentsBand,
  CategoryGrid,
  CategoryTiles,
  DropAndDealTiles,
  FeaturedProducts,
  PromiseBand,
  TestimonialsSection,
  WelcomeBanner,
} from "~/features/home/home-sections";
import { HomeSearch } from "~/features/search/home-search";
import { PageErrorBoundary, StatGrid } from "~/features/site/static-page";
import { rootDescription, rootOrigin, rootShop, seo } from "~/features/site/seo";
import type { RootLoader } from "~/features/site/root-data";
import { UserIcon } from "~/ui/icons";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(request, context);
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, location }) =>
  seo({
    title: data?.content.welcome.heading ?? rootShop(matches).name,
    description: data?.description || rootDescription(matches),
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

export default function Home() {
  const { categories, content, featured, testimonials } = useLoaderData<typeof loader>();

  return (
    <div className="container-page space-y-12 py-6 sm:space-y-16 sm:py-10">
      {/* Search and account */}
      <div className="flex items-center gap-2 sm:gap-3">
        <HomeSearch />
        <Link
          to="/account"
          aria-label="Account"
          className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-forest-800/20 bg-white text-forest-800 hover:bg-forest-50"
        >
          <UserIcon className="h-6 w-6" />
        </Link>
      </div>

      <WelcomeBanner welcome={content.welcome} />
      <DropAndDealTiles deal={content.deal} newDrops={content.tiles.newDrops} />
      <CategoryTiles tiles={content.tiles} />
      <FeaturedProducts title={content.featured.title} products={featured} />
      <CategoryGrid categories={categories} />
      <PromiseBand promise={content.promise} />
      {/* The owner's own figures, or nothing: a new shop shows none. */}
      {content.stats.items.length > 0 ? <StatGrid id="stats-heading" title={content.stats.title} stats={content.stats.items} /> : null}
      <TestimonialsSection title={content.testimonialsTitle} testimonials={testimonials} />
      <AppointmentsBand appointments={content.appointments} />
      <HomeBottomBar />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
