import { Form, Link, useLocation, useParams } from "@remix-run/react";
import type { ReactElement } from "react";
import { GeneralErrorBoundary, thrownMessage, type StatusHandler } from "~/ui/error-boundary";
import { NotFound } from "./error-page";

/*
 * The error views of the product listings and the product page. Each route renders its view on the
 * server as usual and, in the browser, loads this module only when a page fails (the route's
 * ErrorBoundary wraps a lazy component): no shopper's first visit carries it.
 */

/**
 * The product's load-error block: a heading, "Failed to load products: {message}" (or, for
 * Concentrates, the message alone) and a way on as `children` (Back to Shop, Try again, Reload
 * Page). `page` spacing matches the in-layout error panel; `listing` sits a little tighter under the
 * shop header.
 */
function LoadError({
  title,
  message,
  prefixed = true,
  spacing = "listing",
  children,
}: {
  title: string;
  message: string;
  prefixed?: boolean;
  spacing?: "page" | "listing";
  children: React.ReactNode;
}) {
  const [section, text] = spacing === "page" ? ["py-24", "mt-3"] : ["py-20", "mt-4"];
  return (
    <section className={`container-page ${section} text-center`} role="alert">
      <h1 className="heading-display text-3xl">{title}</h1>
      <p className={`${text} text-ink-700`}>{prefixed ? <>Failed to load products: {message}</> : message}</p>
      {children}
    </section>
  );
}

const OUR_SIDE = "Something went wrong on our side. Please try again in a moment.";

/** The one error boundary with a listing's handlers: the loader's safe message (or a generic one) in `view`, a 404 to `notFound`. */
function LoadErrorBoundary({ view, notFound }: { view: (message: string) => ReactElement; notFound?: StatusHandler }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={notFound ? { 404: notFound } : undefined}
      defaultStatusHandler={({ error }) => view(thrownMessage(error) ?? OUR_SIDE)}
      unexpectedErrorHandler={() => view(OUR_SIDE)}
    />
  );
}

/** /shop could not be read. */
export function ShopLoadError() {
  return (
    <LoadErrorBoundary
      view={(message) => (
        <LoadError title="Shop" message={message}>
          <Link to="/shop" reloadDocument className="btn-primary mt-8">
            Try again
          </Link>
        </LoadError>
      )}
    />
  );
}

/** A category page: unknown (the site's 404) or not readable (Concentrates words it its own way). */
export function CategoryLoadError() {
  return <LoadErrorBoundary notFound={() => <NotFound />} view={(message) => <CategoryLoadView message={message} />} />;
}

function CategoryLoadView({ message }: { message: string }) {
  const { categorySlug } = useParams();
  const location = useLocation();
  if (categorySlug === "concentrates") {
    const tab = new URLSearchParams(location.search).get("tab");
    return (
      <LoadError title="Error Loading Products" message={message} prefixed={false}>
        {/* A GET form, so Reload Page is a real button that also works without JavaScript. */}
        <Form method="get" action={location.pathname} reloadDocument className="mt-8">
          {tab ? <input type="hidden" name="tab" value={tab} /> : null}
          <button type="submit" className="btn-primary">
            Reload Page
          </button>
        </Form>
      </LoadError>
    );
  }
  return (
    <LoadError title={categorySlug ? categorySlug.replace(/-/g, " ").toUpperCase() : "Category"} message={message}>
      <Link to={location.pathname} reloadDocument className="btn-primary mt-8">
        Try again
      </Link>
    </LoadError>
  );
}

/** A product page: no such (or hidden) product, or one that could not be read. */
export function ProductLoadError() {
  return (
    <LoadErrorBoundary
      notFound={() => (
        <section className="container-page flex flex-col items-center py-24 text-center">
          <h1 className="heading-display text-3xl sm:text-4xl">Product Not Found</h1>
          <p className="mt-3 max-w-md text-ink-700">The product you're looking for doesn't exist.</p>
          <Link to="/shop" className="btn-primary mt-8">
            Back to Shop
          </Link>
        </section>
      )}
      view={(message) => (
        <LoadError spacing="page" title="We couldn't load this product" message={message}>
          <Link to="/shop" className="btn-primary mt-8">
            Back to Shop
          </Link>
        </LoadError>
      )}
    />
  );
}
