import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { refusalMessage } from "~/server/action-reply.server";
import { GeneralErrorBoundary, thrownMessage } from "~/ui/error-boundary";
import { readSettings } from "~/features/settings/settings.server";
import { readFormData } from "~/server/form-data.server";
import { localPath } from "~/server/redirect";
import { cartCookieHeader, changeCart, clearCartCookieHeader, loweredNotice, toCartView, withToastId } from "~/features/cart/cart.server";
import { loadLayoutData } from "~/features/site/layout.server";
import { cookieLine, MAX_LINE_QUANTITY, normalizeCartLines } from "~/features/cart/cart-lines";
import { emptyCartNotice, nothingInStockNotice, notOrderedNotice, ORDER_SENT_NOTICE, type OrderSource } from "~/features/cart/cart-notices";
import { TELEGRAM_MAX_TEXT_LENGTH } from "~/features/orders/order";
import { groupDigits } from "~/features/money/money";
import { telegramUrl } from "~/features/site/site";
import type { Toast } from "~/features/toast/toast";
import { lastOrderCookieHeader } from "~/features/cart/last-order.server";
import {
  checkoutFieldsSchema,
  postedChoices,
  readSavedChoices,
  savedChoicesHeader,
  type SavedChoices,
} from "~/features/orders/order-choices.server";
import { signedOrder } from "~/features/orders/order.server";
import { readOrderLink } from "~/features/orders/order-link.server";
import { redirectWithToast, toastHeader, type ToastInput } from "~/features/toast/toast.server";
import { countCartChange, countDealUsed, countOrderSent } from "~/features/insights/insights.server";
import { checkSpecialCode, codeCheckMessage } from "~/features/specials/deal";
import { specialCodeCookieHeader } from "~/features/specials/code-cookie.server";

/**
 * /cart: the one place the cart changes. Plain form posts (no JavaScript) are answered with a 303
 * back to the page they came from, with the notice in the flash cookie; fetchers (the forms add a
 * `js=1` field once hydrated) get the notices as data. `intent=order` hands the order to Telegram.
 */

export const meta: MetaFunction = () => [{ title: "Cart" }, { name: "robots", content: "noindex" }];

/** The cart page is /checkout. */
export function loader() {
  return redirect("/checkout");
}

const productId = z
  .string({ required_error: "Choose a product" })
  .trim()
  .regex(/^[1-9]\d{0,14}$/, "Choose a valid product")
  .transform(Number);

const quantity = z
  .string({ required_error: "Enter a quantity" })
  .trim()
  .regex(/^-?\d{1,9}$/, `Enter a whole number from 0 to ${groupDigits(MAX_LINE_QUANTITY)}`)
  .transform(Number);

/** The size of the line; left out, the product's first size. An id of no size of the product reads as its first. */
const sizeId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,14}$/, "Choose a valid size")
  .transform(Number)
  .optional();

/** How many to add (the product page's stepper): 1 to the per-line bound; left out, one. */
const addQuantity = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, `Enter a whole number from 1 to ${groupDigits(MAX_LINE_QUANTITY)}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, `Enter a whole number from 1 to ${groupDigits(MAX_LINE_QUANTITY)}`)
      .max(MAX_LINE_QUANTITY, `You can add up to ${groupDigits(MAX_LINE_QUANTITY)} of one product at a time`),
  )
  .optional();

const CartActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), productId, sizeId, quantity: addQuantity }),
    z.object({ intent: z.literal("set"), productId, sizeId, quantity }),
    z.object({ intent: z.literal("increment"), productId, sizeId }),
    z.object({ intent: z.literal("decrement"), productId, sizeId }),
    z.object({ intent: z.literal("remove"), productId, sizeId }),
    z.object({ intent: z.literal("clear") }),
    z.object({
      intent: z.literal("order"),
      source: z.enum(["drawer", "checkout"], { errorMap: () => ({ message: "Place the order from the cart or the checkout page" }) }),
    }),
    z.object({ intent: z.literal("choices") }),
    // 'Have a code?': checked against the live specials below (specialCodeSchema), kept in a cookie.
    z.object({ intent: z.literal("code"), code: z.string({ required_error: "Enter a code" }).max(200, "That code is too long") }),
    z.object({
      intent: z.literal("reopen"),
      token: z.string({ required_error: "This order link is not valid" }).max(5000, "This order link is not valid"),
    }),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === "invalid_union_discriminator" ? { message: "Unknown cart action" } : { message: ctx.defaultError },
  },
);

export interface CartActionData {
  ok: boolean;
  toasts: Toast[];
  fieldErrors?: Record<string, string[] | undefined>;
}

/** Same-origin page the form was posted from, else the checkout page. */
function backTo(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return "/checkout";
  const from = new URL(referer);
  if (from.origin !== new URL(request.url).origin || from.pathname === "/cart") return "/checkout";
  // "//evil.example/x" is a path of ours to the URL parser, but another site to a browser.
  return localPath(`${from.pathname}${from.search}`, "/checkout");
}

/** Answers a refused request: data for a fetcher, the route's error page (400/503) for a plain post. */
function refuse(byScript: boolean, status: number, toast: ToastInput, fieldErrors?: CartActionData["fieldErrors"]) {
  const body: CartActionData & { message: string } = {
    ok: false,
    message: toast.description ?? toast.title,
    toasts: [withToastId(toast)],
    fieldErrors,
  };
  if (byScript) return data(body, { status });
  throw data(body, { status });
}

const UNAVAILABLE: ToastInput = {
  title: "Cart not updated",
  description: "We couldn't reach the shop's database. Please try again in a moment.",
  variant: "destructive",
};

/**
 * Out-of-stock lines are never ordered: they are not in the order text; an order with nothing in
 * stock is refused (the cart is kept), and an order placed around them says they were left out.
 */
async function placeOrder(
  request: Request,
  context: ActionFunctionArgs["context"],
  source: OrderSource,
  byScript: boolean,
  saved: SavedChoices,
) {
  // The layout's read: the cart's rows and the specials applied to them, in one batch.
  const { cart: loaded } = await loadLayoutData(request, context);
  if (!loaded) throw new Error("The cart's rows could not be read");
  const cart = { ...toCartView(loaded), lowered: loaded.lowered };
  const choicesCookie = await savedChoicesHeader(request, saved);
  if (cart.items.length === 0) {
    const notice = cart.outOfStock.length > 0 ? nothingInStockNotice(cart.outOfStock) : emptyCartNotice(source);
    return redirectWithToast(context, source === "drawer" ? backTo(request) : "/checkout", notice, { status: 303 });
  }
  const settings = (await readSettings(context)).value;
  const sent = await signedOrder(request, context.env.SESSION_SECRET, cart.items, settings, saved, new Date(), cart.specials ?? null);
  if (!sent.order.ok) {
    // The order waits at checkout with the reason, in the words the page says it: never a half-made message.
    const reason = Object.values(sent.order.errors)[0] ?? "Please check your order";
    return redirectWithToast(
      context,
      "/checkout",
      { title: "Order not sent", description: reason, variant: "destructive" },
      {
        status: 303,
        headers: { "Set-Cookie": choicesCookie },
      },
    );
  }
  if (sent.message.length > TELEGRAM_MAX_TEXT_LENGTH) {
    // Unreachable within the cart's bounds (see tests/unit/order.test.ts); refuse rather than send a cut message.
    return redirectWithToast(
      context,
      "/checkout",
      { title: "Order too long", description: "Please split your order or message us on Telegram.", variant: "destructive" },
      { status: 303 },
    );
  }
  // With JavaScript the form opened a new tab for Telegram and this tab shows 'Order sent!' itself.
  // Without, the order was posted from the shopper's own page: it goes to the checkout page, which
  // says the order was sent, shows the empty cart and opens Telegram once (with a link to open it again).
  const lines = cart.items.map(cookieLine);
  countOrderSent(context, request, cart.items);
  const headers = new Headers({
    Location: byScript ? telegramUrl(settings.telegramUsername, sent.message) : "/checkout",
  });
  headers.append("Set-Cookie", await clearCartCookieHeader(request));
  // The choices stay for the next order; the note was this order's.
  headers.append("Set-Cookie", await savedChoicesHeader(request, { choices: saved.choices, note: "" }));
  headers.append(
    "Set-Cookie",
    await lastOrderCookieHeader(request, { lines, open: !byScript, ...(sent.token ? { token: sent.token } : {}), note: sent.order.note }),
  );
  // With JavaScript the original tab shows 'Order sent!' itself; without, the next page shows it.
  if (!byScript) {
    const lowered = loweredNotice(cart.lowered);
    const notices = [ORDER_SENT_NOTICE, cart.outOfStock.length > 0 ? notOrderedNotice(cart.outOfStock) : null, lowered].filter(
      (notice) => notice !== null,
    );
    headers.append("Set-Cookie", await toastHeader(context, ...notices));
  }
  return new Response(null, { status: 303, headers });
}

/**
 * An order link opened again: its lines and choices become this browser's cart (the note stays the
 * shopper's own). A link this shop did not sign, or one too old, is refused in words.
 */
async function reopenOrder(request: Request, context: ActionFunctionArgs["context"], token: string) {
  const reading = await readOrderLink(context.env.SESSION_SECRET, token.trim());
  if (!reading.ok) {
    const description = reading.reason === "expired" ? "This order link has expired" : "This order link is not valid";
    // A link is opened from a page, never by a fetcher: the answer is the checkout saying why.
    return redirectWithToast(context, "/checkout", { title: "Order not reopened", description, variant: "destructive" }, { status: 303 });
  }
  const { lines } = normalizeCartLines(
    reading.order.lines.map((line) => ({ id: line.productId, quantity: line.quantity, ...(line.sizeId ? { sizeId: line.sizeId } : {}) })),
  );
  const current = await readSavedChoices(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await cartCookieHeader(request, lines));
  headers.append("Set-Cookie", await savedChoicesHeader(request, { choices: reading.order.choices, note: current.note }));
  return redirectWithToast(
    context,
    "/checkout",
    { title: "Order reopened", description: `Order ${reading.reference} is in your cart, with its choices` },
    { status: 303, headers },
  );
}

/** A code typed in the cart: kept (and counted) while its special runs; otherwise refused in words, the cart unchanged. */
async function enterCode(request: Request, context: ActionFunctionArgs["context"], raw: string, byScript: boolean) {
  const layout = await loadLayoutData(request, context);
  if (layout.categories === null) return refuse(byScript, 503, UNAVAILABLE);
  const check = checkSpecialCode(layout.specials, raw, new Date(), layout.settings.value.hours.timeZone);
  if (check.status !== "applies") {
    const description = codeCheckMessage(check) ?? "";
    const toast: ToastInput = { title: "Code not applied", description, variant: "destructive" };
    // A plain post goes back to the cart it came from, which says why; the cart is unchanged.
    if (!byScript) return redirectWithToast(context, backTo(request), toast, { status: 303 });
    return refuse(byScript, 400, toast, { code: [description] });
  }
  countDealUsed(context, request, check.code);
  const toast: ToastInput = { title: `Code ${check.code} applied`, description: check.special.name };
  const headers = { "Set-Cookie": await specialCodeCookieHeader(request, check.code) };
  if (byScript) return data({ ok: true, toasts: [withToastId(toast)] } satisfies CartActionData, { headers });
  return redirectWithToast(context, backTo(request), toast, { status: 303, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const byScript = formData.get("js") === "1";
  // Every field is read exactly as posted: an empty quantity is refused, not read as "left out".
  const submission = parseWithZod(formData, { schema: CartActionSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const message = refusalMessage(submission, "Invalid cart request");
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (name && messages ? [[name, messages]] : [])),
    );
    return refuse(byScript, 400, { title: "Cart not updated", description: message, variant: "destructive" }, fieldErrors);
  }
  const input = submission.value;

  try {
    if (input.intent === "reopen") return await reopenOrder(request, context, input.token);
    if (input.intent === "code") return await enterCode(request, context, input.code, byScript);
    if (input.intent === "order" || input.intent === "choices") {
      // The checkout form posts its choices (`choices=1`); an order from elsewhere uses the saved ones.
      const fields = parseWithZod(formData, { schema: checkoutFieldsSchema, disableAutoCoercion: true });
      if (fields.status !== "success") {
        const message = refusalMessage(fields, "Please check your choices");
        return refuse(byScript, 400, { title: "Order not sent", description: message, variant: "destructive" });
      }
      const saved = formData.get("choices") === "1" ? postedChoices(fields.value) : await readSavedChoices(request);
      if (input.intent === "order") return await placeOrder(request, context, input.source, byScript, saved);
      const setCookie = await savedChoicesHeader(request, saved);
      if (byScript) return data({ ok: true, toasts: [] } satisfies CartActionData, { headers: { "Set-Cookie": setCookie } });
      return redirect("/checkout", { status: 303, headers: { "Set-Cookie": setCookie } });
    }
    const result = await changeCart(request, context.db, input);
    countCartChange(context, request, input, result);
    const setCookie = await cartCookieHeader(request, result.lines);
    if (byScript) {
      const body: CartActionData = { ok: result.ok, toasts: result.toasts.map(withToastId) };
      return data(body, { headers: { "Set-Cookie": setCookie } });
    }
    const to = backTo(request);
    if (result.toasts.length === 0) return redirect(to, { status: 303, headers: { "Set-Cookie": setCookie } });
    return redirectWithToast(context, to, result.toasts, { status: 303, headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    console.error("Cart action failed", error);
    return refuse(byScript, 503, UNAVAILABLE);
  }
}

/** Never shown: GET /cart redirects, and every post redirects or shows the error page below. */
export default function CartRoute() {
  return (
    <section className="container-page py-24 text-center">
      <h1 className="heading-display text-3xl">Your cart</h1>
      <Link to="/checkout" className="btn-primary mt-8">
        Go to your cart
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ error }) => <CartError message={thrownMessage(error) ?? "Something went wrong while updating your cart."} />}
      unexpectedErrorHandler={() => <CartError message="Something went wrong while updating your cart." />}
    />
  );
}

function CartError({ message }: { message: string }) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center" role="alert">
      <h1 className="heading-display text-3xl">We couldn't update your cart</h1>
      <p className="mt-3 max-w-md text-ink-700">{message}</p>
      <Link to="/checkout" className="btn-primary mt-8">
        Back to your cart
      </Link>
    </section>
  );
}
