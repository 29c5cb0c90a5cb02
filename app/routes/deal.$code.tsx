import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { loadLayoutData } from "~/features/site/layout.server";
import { checkSpecialCode, codeCheckMessage, dealLandingPath } from "~/features/specials/deal";
import { specialCodeCookieHeader } from "~/features/specials/code-cookie.server";
import { redirectWithToast } from "~/features/toast/toast.server";
import { countDealUsed } from "~/features/insights/insights.server";
import { rootDescription, rootOrigin, rootShop, seo } from "~/features/site/seo";
import type { RootLoader } from "~/features/site/root-data";

/**
 * /deal/CODE, a shareable deal link: a plain GET that keeps the code in a cookie (the cart then
 * applies its special) and lands on the special's products. A code that is unknown, or whose special
 * is not running, gets a page saying so with a way into the shop — never an error.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The layout's one batch holds the specials and the shop's zone: no round trip of its own.
  const layout = await loadLayoutData(request, context);
  if (layout.categories === null) {
    throw data({ message: "The shop is unavailable right now. Please try the link again in a moment." }, { status: 503 });
  }
  const check = checkSpecialCode(layout.specials, params.code ?? "", new Date(), layout.settings.value.hours.timeZone);
  if (check.status === "applies") {
    countDealUsed(context, request, check.code);
    const to = dealLandingPath(check.special, (id) => `/product/${id}`);
    return redirectWithToast(
      context,
      to,
      { title: `Code ${check.code} applied`, description: `${check.special.name}: the saving shows in your cart.` },
      { status: 303, headers: { "Set-Cookie": await specialCodeCookieHeader(request, check.code) } },
    );
  }
  const status = check.status === "not-running" ? 410 : 404;
  return data({ message: codeCheckMessage(check) ?? "", code: check.status === "invalid" ? null : check.code }, { status });
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, params }) =>
  seo({
    title: "Deal not available",
    description: rootDescription(matches),
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: `/deal/${encodeURIComponent(params.code ?? "")}`,
    noindex: true,
  });

export default function DealRoute() {
  const { message, code } = useLoaderData<typeof loader>();
  return (
    <section className="container-page flex flex-col items-center py-24 text-center" role="alert">
      <h1 className="heading-display text-3xl">{code ? `The code ${code} can't be used` : "This deal link isn't valid"}</h1>
      <p className="mt-3 max-w-md text-ink-700">{message}</p>
      <Link to="/shop" className="btn-primary mt-8">
        See everything in the shop
      </Link>
    </section>
  );
}
