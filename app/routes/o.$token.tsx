import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { getAdmin } from "~/features/auth/auth.server";
import { formatCents } from "~/features/money/money";
import { SOLD_OUT_LABELS, windowLabel, type OrderChoices } from "~/features/orders/order-choices";
import { readOrderLink } from "~/features/orders/order-link.server";
import { loadOrderRows, quantitiesBySize, type ResolvedOrderLine } from "~/features/orders/order-page.server";
import { ORDER_LINK_EXPIRED, ORDER_LINK_INVALID, ORDER_STOCK_ACTION } from "~/features/orders/order-stock";
import type { Settings } from "~/features/settings/settings";
import { loadLayoutData } from "~/features/site/layout.server";
import type { RootLoader } from "~/features/site/root-data";
import { rootOrigin, rootShop, seo } from "~/features/site/seo";

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, location }) =>
  seo({
    title: data ? `Order ${data.reference}` : ORDER_LINK_INVALID,
    description: "An order as the shop quoted it: its lines, prices and choices.",
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
    noindex: true,
  });

/** An order is one shopper's and the owner's: never cached or shared, never indexed. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

const METHOD_WORDS: Record<NonNullable<OrderChoices["method"]>, (settings: Settings) => string> = {
  shipping: (settings) => settings.delivery.shipping.name,
  local: (settings) => settings.delivery.local.name,
  pickup: (settings) => settings.delivery.pickup.name,
};

/** The choices as the owner reads them, in the shop's own words. */
function choicesInWords(choices: OrderChoices, settings: Settings): Array<{ label: string; value: string }> {
  const words: Array<{ label: string; value: string }> = [];
  if (choices.method) {
    const method = METHOD_WORDS[choices.method](settings);
    words.push({ label: "Delivery", value: choices.zone ? `${method} — ${choices.zone}` : method });
  }
  if (choices.window)
    words.push({ label: choices.method === "pickup" ? "Pickup time" : "Delivery time", value: windowLabel(choices.window) });
  if (choices.payment) words.push({ label: "Payment", value: choices.payment });
  if (choices.soldOut) words.push({ label: "If something is sold out", value: SOLD_OUT_LABELS[choices.soldOut] });
  return words;
}

/**
 * An order link (`/o/<token>`): the order as the shop signed it when the message was made, beside
 * today's prices; for the signed-in owner, the stock forms. The lines' current rows (and, for the
 * owner, the stock already taken) are ONE batch; the layout's own read is the page's other round trip.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const reading = await readOrderLink(context.cloudflare.env.SESSION_SECRET, token);
  if (!reading.ok) {
    throw data({ reason: reading.reason }, { status: reading.reason === "expired" ? 410 : 404, headers: { "Cache-Control": "no-store" } });
  }
  const { order, reference } = reading;
  const [layout, admin] = await Promise.all([loadLayoutData(request, context), getAdmin(request, context)]);
  const settings = layout.settings.value;
  const owner = admin !== null;
  const rows = await loadOrderRows(context, order, reference, owner);
  if (!rows) throw data({ message: "We couldn't load this order right now. Please try again in a moment." }, { status: 503 });

  const madeAt = new Date(order.at * 1000).toLocaleString("en-US", {
    timeZone: settings.hours.timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  const subtotalCents = order.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const taken = rows.taken === null ? null : new Map(rows.taken.map((row) => [row.sizeId, row.quantity]));
  const trackable = quantitiesBySize(rows.lines);
  return {
    token,
    reference,
    madeAt,
    lines: rows.lines,
    subtotalCents,
    feeCents: order.feeCents ?? null,
    savedCents: order.savedCents ?? 0,
    totalCents: Math.max(0, subtotalCents - (order.savedCents ?? 0)) + (order.feeCents ?? 0),
    choices: choicesInWords(order.choices, settings),
    stock: owner
      ? {
          taken: taken === null ? [] : [...taken].map(([sizeId, quantity]) => ({ sizeId, quantity })),
          isTaken: (taken?.size ?? 0) > 0,
          trackable: trackable.size > 0,
        }
      : null,
  };
}

type LoadedLine = ResolvedOrderLine;

function lineStatus(line: LoadedLine): string | null {
  if (line.status === "gone") return "No longer in the shop";
  if (line.status === "size-gone") return "This size is no longer sold";
  if (line.status === "unavailable") return "Not available today";
  return null;
}

export default function OrderPage() {
  const { token, reference, madeAt, lines, subtotalCents, feeCents, savedCents, totalCents, choices, stock } =
    useLoaderData<typeof loader>();
  const quotedOn = `Prices as quoted on ${madeAt}`;
  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="eyebrow">Order link</p>
        <h1 className="heading-display mt-1 text-4xl">
          Order <span className="font-mono tracking-wide">{reference}</span>
        </h1>
        <p className="mt-2 text-ink-700">
          Made on {madeAt}. The prices below are the ones the shop quoted then; an order message whose text was changed will not match them.
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="order-items">
          <h2 id="order-items" className="text-lg font-semibold text-forest-900">
            Items
          </h2>
          <p className="mt-1 text-sm text-ink-700">{quotedOn}</p>
          <ul className="mt-4 space-y-4">
            {lines.map((line, index) => {
              const status = lineStatus(line);
              const differs = line.todayUnitCents !== null && line.todayUnitCents !== line.quotedUnitCents;
              const taken = stock?.taken.find((row) => row.sizeId === line.sizeId);
              return (
                <li
                  key={`${line.productId}-${line.sizeId ?? ""}-${index}`}
                  className="card flex flex-col gap-2 p-4 sm:flex-row sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-forest-900">
                      {line.name && line.path && line.status !== "gone" ? (
                        <Link to={line.path} className="underline-offset-4 hover:underline">
                          {line.name}
                        </Link>
                      ) : (
                        (line.name ?? `Product #${line.productId}`)
                      )}
                    </p>
                    <p className="text-sm text-ink-700">
                      {line.sizeLabel ? `${line.sizeLabel} · ` : ""}Quantity {line.quantity}
                    </p>
                    {status ? <p className="mt-1 text-sm font-medium text-berry-700">{status}</p> : null}
                    {stock && line.sizeId !== null && line.stock === null && line.status === "ok" ? (
                      <p className="mt-1 text-sm text-ink-700">This size does not track stock: taking the order leaves it as it is.</p>
                    ) : null}
                    {taken ? (
                      <p className="mt-1 text-sm font-medium text-forest-800">
                        {taken.quantity} taken from stock{taken.quantity < line.quantity ? ` (only ${taken.quantity} were on hand)` : ""}
                      </p>
                    ) : null}
                    {stock && line.stock !== null && line.status === "ok" ? (
                      <p className="mt-1 text-sm text-ink-700">In stock today: {line.stock}</p>
                    ) : null}
                  </div>
                  <div className="shrink-0 text-left sm:text-right">
                    <p className="font-semibold text-forest-900">{formatCents(line.quotedUnitCents * line.quantity)}</p>
                    <p className="text-sm text-ink-700">
                      {formatCents(line.quotedUnitCents)} each <span className="text-xs">(quoted)</span>
                    </p>
                    {differs ? (
                      <p className="text-sm font-medium text-forest-800">Today: {formatCents(line.todayUnitCents ?? 0)} each</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <aside className="space-y-6 lg:sticky lg:top-24">
          <section aria-labelledby="order-summary" className="card p-6">
            <h2 id="order-summary" className="font-display text-2xl text-forest-900">
              Order summary
            </h2>
            <p className="mt-1 text-xs text-ink-700">{quotedOn}</p>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between text-ink-700">
                <dt>Subtotal</dt>
                <dd>{formatCents(subtotalCents)}</dd>
              </div>
              {savedCents > 0 ? (
                <div className="flex justify-between text-forest-700">
                  <dt>Specials</dt>
                  <dd>−{formatCents(savedCents)}</dd>
                </div>
              ) : null}
              {feeCents !== null ? (
                <div className="flex justify-between text-ink-700">
                  <dt>Delivery</dt>
                  <dd>{feeCents === 0 ? "Free" : formatCents(feeCents)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-ink-900/10 pt-3 text-lg font-semibold text-forest-900">
                <dt>Total</dt>
                <dd>{formatCents(totalCents)}</dd>
              </div>
            </dl>
            {choices.length > 0 ? (
              <dl className="mt-6 space-y-2 border-t border-ink-900/10 pt-4 text-sm">
                {choices.map((choice) => (
                  <div key={choice.label}>
                    <dt className="font-medium text-forest-900">{choice.label}</dt>
                    <dd className="text-ink-700">{choice.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <Form method="post" action="/cart" className="mt-6">
              <input type="hidden" name="intent" value="reopen" />
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary w-full">
                Put these in my cart
              </button>
            </Form>
          </section>

          {stock ? (
            <section aria-labelledby="order-stock" className="rounded-2xl border border-forest-800/10 bg-forest-50 p-6">
              <h2 id="order-stock" className="font-semibold text-forest-900">
                Stock for this order
              </h2>
              <p className="mt-2 text-sm text-ink-700">
                {stock.isTaken
                  ? "This order's units are taken from stock. Putting them back adds exactly what was taken; you can take them again."
                  : stock.trackable
                    ? "Accepted this order? Take its units from stock so the shop does not sell them twice. It happens once for this order, however often it is clicked."
                    : "None of this order's sizes track stock: there is nothing to take."}
              </p>
              {stock.isTaken || stock.trackable ? (
                <Form method="post" action={ORDER_STOCK_ACTION} className="mt-4">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="intent" value={stock.isTaken ? "put-back" : "take"} />
                  <button type="submit" className={stock.isTaken ? "btn-secondary w-full" : "btn-primary w-full"}>
                    {stock.isTaken ? "Put them back" : "Take these from stock"}
                  </button>
                </Form>
              ) : null}
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The loader throws `data({ reason })`; read the one field, as unknown.
  const reason: unknown =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { reason?: unknown }).reason : null;
  const expired = reason === "expired";
  const known = reason === "expired" || reason === "invalid";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container-page py-16">
      <section className="mx-auto max-w-md text-center">
        <h1 className="heading-display text-3xl">
          {known ? (expired ? ORDER_LINK_EXPIRED : ORDER_LINK_INVALID) : "We couldn't load this order"}
        </h1>
        <p className="mt-3 text-ink-700">
          {expired
            ? "Order links are kept for six months. Ask the shop on Telegram, or order again from the shop."
            : known
              ? "The link may be incomplete or changed. Check that you copied all of it, or ask the shop on Telegram."
              : "Please try again in a moment."}
        </p>
        <Link to="/shop" className="btn-primary mt-8">
          Go to the shop
        </Link>
      </section>
    </div>
  );
}
