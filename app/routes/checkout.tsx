import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { GeneralErrorBoundary, thrownMessage } from "~/ui/error-boundary";
import { loadCart, toCartView } from "~/features/cart/cart.server";
import { lastOrderCookieHeader, readLastOrder } from "~/features/cart/last-order.server";
import { telegramUrl } from "~/features/site/site";
import { CartLineRow } from "~/features/cart/cart-line";
import { loadLayoutData } from "~/features/site/layout.server";
import { readSavedChoices } from "~/features/orders/order-choices.server";
import { buildOrder, deliveryValue, deliveryWindows, orderMessage } from "~/features/orders/order";
import { messageFromLink } from "~/features/orders/order.server";
import { CheckoutChoices, CheckoutSummary, type CheckoutOrder } from "~/features/orders/checkout-form";
import type { Settings } from "~/features/settings/settings";
import type { OrderChoices } from "~/features/orders/order-choices";
import type { CartItem, CartSpecials } from "~/features/cart/cart-lines";
import type { Special } from "~/features/specials/special";
import { cartSpecials } from "~/features/specials/cart-specials";
import { readSpecialCode } from "~/features/specials/code-cookie.server";
import { OutOfStockLines } from "~/features/cart/cart-out-of-stock";
import {
  CART_ACTION,
  CLEAR_CART_FETCHER_KEY,
  useFetcherToasts,
  useOptimisticCart,
  useOtherCartSubmitting,
} from "~/features/cart/cart-state";

import { ORDER_SENT_NOTICE } from "~/features/cart/cart-notices";
import { rootOrigin, rootShop, seo } from "~/features/site/seo";
import type { CartActionData } from "~/routes/cart";
import { type RootLoader } from "~/features/site/root-data";
import { OpenNow, ReplyWhenClosed } from "~/features/site/shop-status";
import { CartIcon, TelegramIcon } from "~/ui/icons";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, location }) => [
  ...seo({
    title: "Checkout",
    description: "Review your cart and send your order to us in one Telegram message. No payment is taken on this site.",
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
    noindex: true,
  }),
  // An order placed without JavaScript lands here: Telegram opens once, this page stays in history.
  ...(data?.lastOrder?.openNow ? [{ httpEquiv: "refresh", content: `0;url=${data.lastOrder.telegramUrl}` }] : []),
];

/** The cart is personal and changes with every order: never cached, never restored from the back-forward cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The cart with current names and prices from D1 — the same rows the root loader reads for the header,
 * in the same round trip (the root loader also tells the shopper about dropped items).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { cart, settings, specials } = await loadLayoutData(request, context);
  if (!cart) throw data({ message: "We couldn't load your cart right now. Please try again in a moment." }, { status: 503 });
  const view = toCartView(cart);
  const { lastOrder, setCookie } =
    view.items.length === 0 ? await sentOrder(request, context, settings.value, specials) : { lastOrder: null, setCookie: null };
  const order = checkoutOrder(view.items, settings.value, await readSavedChoices(request), new Date(), view.specials ?? null);
  return data({ cart: view, lastOrder, order }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/** The order builder's answer for the page (no D1 read: the choices live in a cookie, the settings came with the layout). */
function checkoutOrder(
  items: Parameters<typeof buildOrder>[0]["items"],
  settings: Settings,
  saved: Awaited<ReturnType<typeof readSavedChoices>>,
  now: Date,
  specials: CartSpecials | null,
): CheckoutOrder {
  const order = buildOrder({ items, settings, choices: saved.choices, note: saved.note, now, specials });
  // Before the shopper has chosen, "choose how" is a prompt, not an error.
  const { delivery, payment, ...errors } = order.errors;
  return {
    options: order.options,
    windows: order.windows.length > 0 ? order.windows : deliveryWindows(settings.hours, now),
    payments: settings.paymentMethods,
    chosen: { ...saved.choices, ...order.choices, delivery: deliveryValue(order.choices) },
    note: saved.note,
    subtotalCents: order.subtotalCents,
    feeCents: order.feeCents,
    totalCents: order.totalCents,
    missingCents: order.missingCents,
    freeDeliveryHint: order.freeDeliveryHint,
    errors: {
      ...errors,
      ...(saved.choices.method && delivery ? { delivery } : {}),
      ...(saved.choices.payment && payment ? { payment } : {}),
    },
    preview: items.length > 0 ? orderMessage(order, items, null) : "",
  };
}

/**
 * The order just sent from this browser (an empty cart and the `last-order` cookie): its Telegram link,
 * with the current names and prices, and whether to open it now (the first view after a no-JavaScript
 * order). One more query, only on an empty cart right after an order.
 */
async function sentOrder(request: Request, context: LoaderFunctionArgs["context"], settings: Settings, specials: Special[]) {
  const saved = await readLastOrder(request);
  if (!saved) return { lastOrder: null, setCookie: null };
  try {
    const { state, categories } = await loadCart(context.db, saved.lines);
    if (state.items.length === 0) return { lastOrder: null, setCookie: null };
    // The specials as the cart applied them when the order was sent (the shopper's code included).
    const code = await readSpecialCode(request);
    const specialsOf = (items: readonly CartItem[]) =>
      cartSpecials(items, categories ?? new Map(), { specials, timeZone: settings.hours.timeZone, code, now: new Date() });
    const message =
      (saved.token
        ? await messageFromLink(request, context.env.SESSION_SECRET, saved.token, state.items, settings, saved.note ?? "", specialsOf)
        : null) ??
      unsignedMessage(state.items, settings, (await readSavedChoices(request)).choices, saved.note ?? "", specialsOf(state.items));
    const lastOrder = { telegramUrl: telegramUrl(settings.telegramUsername, message), openNow: saved.open };
    const setCookie = saved.open ? await lastOrderCookieHeader(request, { ...saved, open: false }) : null;
    return { lastOrder, setCookie };
  } catch (error) {
    console.error("The last order could not be read", error);
    return { lastOrder: null, setCookie: null };
  }
}

/** The message of a sent order whose link could not be signed or read again: the same builder, without the link. */
function unsignedMessage(
  items: readonly CartItem[],
  settings: Settings,
  choices: OrderChoices,
  note: string,
  specials: CartSpecials | null,
) {
  return orderMessage(buildOrder({ items, settings, choices, note, now: new Date(), specials }), items, null);
}

const HOW_IT_WORKS = [
  "Your order is sent to us through Telegram.",
  "We reply to confirm it; your address stays in the chat, never on this site.",
  "You pay as you chose. No payment is taken on this site.",
];

export default function Checkout() {
  const { cart, lastOrder, order } = useLoaderData<typeof loader>();
  const view = useOptimisticCart(cart);
  const empty = view.items.length === 0 && view.outOfStock.length === 0;

  return (
    <div className="container-page py-10 sm:py-14">
      {empty ? (
        <section className="mx-auto flex max-w-md flex-col items-center py-12 text-center">
          <span className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-forest-50 text-forest-800">
            <CartIcon className="h-10 w-10" />
          </span>
          <h1 className="heading-display mt-6 text-3xl">Your cart is empty</h1>
          {lastOrder ? (
            <div className="mt-4 w-full rounded-2xl border border-forest-800/15 bg-forest-50 p-4 text-left">
              <p className="font-semibold text-forest-900">{ORDER_SENT_NOTICE.title}</p>
              <p className="mt-1 text-sm text-ink-700">{ORDER_SENT_NOTICE.description}</p>
              <a href={lastOrder.telegramUrl} target="_blank" rel="noopener noreferrer" className="btn-gold mt-3 w-full">
                <TelegramIcon />
                Open Telegram again
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          ) : (
            <p className="mt-2 text-ink-700">Browse the shop, then send your whole order to us in one Telegram message.</p>
          )}
          <Link to="/" className="btn-primary mt-8">
            Continue Shopping
          </Link>
        </section>
      ) : (
        <header>
          <p className="eyebrow">Checkout</p>
          <h1 className="heading-display mt-1 text-4xl">Review your order</h1>
          <p className="mt-2 text-ink-700">
            {view.totalItems} {view.totalItems === 1 ? "item" : "items"} in your cart. Send the order to us on Telegram; you pay as you
            choose below, never on this site.
          </p>
        </header>
      )}

      <div hidden={empty} className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="checkout-items">
          <div className="flex items-center justify-between">
            <h2 id="checkout-items" className="text-lg font-semibold text-forest-900">
              Items
            </h2>
            <ClearCartButton />
          </div>
          <ul className="mt-4 space-y-4">
            {view.lines.map((line) => (
              <CartLineRow key={`${line.item.id}-${line.item.sizeId ?? ""}`} line={line} variant="page" />
            ))}
          </ul>
          <OutOfStockLines lines={view.outOfStock} variant="page" />
          <h2 className="mt-10 text-lg font-semibold text-forest-900">Delivery, time and payment</h2>
          <div className="mt-4">
            <CheckoutChoices order={order} />
          </div>
        </section>

        <aside className="space-y-6 lg:sticky lg:top-24">
          <section aria-labelledby="checkout-summary" className="card p-6">
            <h2 id="checkout-summary" className="font-display text-2xl text-forest-900">
              Order summary
            </h2>
            <CheckoutSummary cart={view} order={order} />
            {order.preview ? (
              <details className="mt-4 text-sm">
                <summary className="font-medium text-forest-800 underline-offset-4 hover:underline">Show the order text</summary>
                <pre className="mt-2 rounded-xl bg-cream-100 p-3 font-sans text-xs whitespace-pre-wrap text-ink-900">{order.preview}</pre>
              </details>
            ) : null}
          </section>

          <section aria-labelledby="how-it-works" className="rounded-2xl border border-forest-800/10 bg-forest-50 p-6">
            <h2 id="how-it-works" className="flex items-center gap-2 font-semibold text-forest-900">
              <TelegramIcon className="h-5 w-5 text-forest-700" />
              How it works
            </h2>
            <OpenNow className="mt-3 text-sm font-medium text-forest-900" />
            <ReplyWhenClosed className="mt-1 space-y-1 text-sm text-ink-700" />
            <ol className="mt-3 space-y-2 text-sm text-ink-700">
              {HOW_IT_WORKS.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-forest-800 text-xs font-bold text-cream-50">
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </div>
  );
}

function ClearCartButton() {
  const fetcher = useFetcher<CartActionData>({ key: CLEAR_CART_FETCHER_KEY });
  useFetcherToasts(fetcher.data);
  const hydrated = useHydrated();
  const waiting = useOtherCartSubmitting(CLEAR_CART_FETCHER_KEY);
  return (
    <fetcher.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value="clear" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        disabled={waiting}
        className="text-sm font-medium text-ink-500 underline-offset-4 hover:text-berry-700 hover:underline disabled:opacity-50"
      >
        Clear cart
      </button>
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ error }) => (
        <CheckoutError message={thrownMessage(error) ?? "Something went wrong while loading your cart."} />
      )}
      unexpectedErrorHandler={() => <CheckoutError message="Something went wrong while loading your cart." />}
    />
  );
}

function CheckoutError({ message }: { message: string }) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center" role="alert">
      <h1 className="heading-display text-3xl">We couldn't load your cart</h1>
      <p className="mt-3 max-w-md text-ink-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/checkout" reloadDocument className="btn-primary">
          Try again
        </Link>
        <Link to="/" className="btn-secondary">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
