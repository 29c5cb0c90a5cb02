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
import { rootOrigin, seo } from "~/features/site/seo";
import { SITE } from "~/features/site/site";
import { HOME_STATS, TESTIMONIALS } from "~/features/site/content/home";
import type { RootLoader } from "~/features/site/root-data";
import { UserIcon } from "~/ui/icons";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(request, context);
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Lab-tested cannabis, delivered discreetly",
    description: SITE.description,
    origin: rootOrigin(matches),
    path: location.pathname,
  });

export default function Home() {
  const { categories, featured } = useLoaderData<typeof loader>();

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

      <WelcomeBanner />
      <DropAndDealTiles />
      <CategoryTiles />
      <FeaturedProducts featured={featured} />
      <CategoryGrid categories={categories} />
      <PromiseBand />
      <StatGrid id="stats-heading" title="Greenleaf in numbers" stats={HOME_STATS} />
      <TestimonialsSection testimonials={TESTIMONIALS} />
      <AppointmentsBand />
      <HomeBottomBar />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
