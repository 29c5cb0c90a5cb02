import { Link } from "@remix-run/react";
import { GeneralErrorBoundary, thrownMessage } from "~/ui/error-boundary";

export function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="font-display text-6xl text-forest-800">404</p>
      <h1 className="heading-display mt-4 text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-ink-700">The page you were looking for has moved, sold out or never grew here.</p>
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}

const OUR_SIDE = "Something went wrong on our side.";

/** The root ErrorBoundary's page: a 404, a 4xx with its plain-text explanation, or a failure. */
export function RootErrorPage() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <NotFound /> }}
      // A 4xx thrown with an explanation (e.g. an unreadable form) shows it; otherwise the status in words.
      defaultStatusHandler={({ error }) => (
        <ErrorPanel message={(error.status < 500 && thrownMessage(error)) || `${error.status} ${error.statusText}.`} />
      )}
      unexpectedErrorHandler={() => <ErrorPanel message={OUR_SIDE} />}
    />
  );
}

/** A shop page's ErrorBoundary body: the 404 page, or the loader's safe message inside the layout. */
export function ShopErrorPage() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <NotFound /> }}
      defaultStatusHandler={({ error }) => <ErrorPanel message={thrownMessage(error) ?? OUR_SIDE} />}
      unexpectedErrorHandler={() => <ErrorPanel message={OUR_SIDE} />}
    />
  );
}

/** The in-layout error page: what went wrong, in words a shopper can act on, and a way home. */
export function ErrorPanel({ message }: { message: string }) {
  return (
    <section className="container-page py-24 text-center" role="alert">
      <h1 className="heading-display text-3xl">We hit a snag</h1>
      <p className="mt-3 text-ink-700">{message} Please try again in a moment.</p>
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
