import { Form, useFetcher } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CartSpecialsSummary, SpecialCodeForm } from "~/features/cart/cart-specials-view";
import { formatCents } from "~/features/money/money";
import { notify } from "~/features/toast/toaster";
import { CopyOrderButton } from "~/features/cart/cart-order";
import { ORDER_SENT_NOTICE } from "~/features/cart/cart-notices";
import { CART_ACTION, markOrderPlaced, type OptimisticCart } from "~/features/cart/cart-state";
import { TelegramIcon } from "~/ui/icons";
import { ASAP, ORDER_NOTE_MAX, SOLD_OUT_CHOICES, SOLD_OUT_LABELS, type OrderChoices } from "./order-choices";
import type { DeliveryOption, DeliveryWindow, OrderField } from "./order";

const CHECKOUT_FORM_ID = "checkout-form";

/** What the checkout page knows of the order (the order builder's answer, as plain data). */
export interface CheckoutOrder {
  options: DeliveryOption[];
  windows: DeliveryWindow[];
  payments: string[];
  /** the choices as the shopper left them (the form's starting values) */
  chosen: OrderChoices & { delivery: string };
  note: string;
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  missingCents: number;
  freeDeliveryHint: string | null;
  errors: Partial<Record<OrderField, string>>;
  /** the message as it will read (the order link is added when it is sent) */
  preview: string;
}

const legend = "text-base font-semibold text-forest-900";
const choice =
  "flex cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 bg-white p-3 text-sm has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-forest-600";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-2 text-sm font-medium text-berry-700">
      {message}
    </p>
  ) : null;
}

/**
 * The checkout's choices, each a labelled fieldset of real form fields: they post with the order
 * without JavaScript ('Update total' shows the fee and minimum first), and with JavaScript each
 * change is saved beside the cart at once, so the page's totals follow and a reload keeps them.
 * Fields start from what the shopper chose before and are never controlled, so what is typed or
 * ticked before the JavaScript arrives stays.
 */
export function CheckoutChoices({ order }: { order: CheckoutOrder }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: "checkout-choices" });
  const timer = useRef<number | undefined>(undefined);
  const { chosen } = order;
  const needsWindow = chosen.delivery.startsWith("local:") || chosen.delivery === "pickup";

  function save(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    window.clearTimeout(timer.current);
    // The note saves once the shopper pauses; a choice at once.
    const delay = event.target instanceof HTMLTextAreaElement ? 600 : 0;
    timer.current = window.setTimeout(() => {
      const body = new FormData(form);
      body.set("intent", "choices");
      body.set("js", "1");
      void fetcher.submit(body, { method: "post", action: CART_ACTION });
    }, delay);
  }

  return (
    <Form
      id={CHECKOUT_FORM_ID}
      method="post"
      action={CART_ACTION}
      reloadDocument
      target={hydrated ? "_blank" : undefined}
      onChange={save}
      className="space-y-6"
    >
      <input type="hidden" name="source" value="checkout" />
      <input type="hidden" name="choices" value="1" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}

      <fieldset className="card p-5" aria-describedby={order.errors.delivery ? "delivery-error" : undefined}>
        <legend className={`${legend} float-left mb-3 w-full`}>How would you like to receive it?</legend>
        <div className="clear-left grid gap-2">
          {order.options.map((option) => (
            <label key={option.value} className={choice}>
              <input
                type="radio"
                name="delivery"
                value={option.value}
                defaultChecked={chosen.delivery === option.value}
                className="mt-0.5 accent-forest-700"
              />
              <span className="flex-1">
                <span className="block font-medium text-forest-900">{option.label}</span>
                <span className="block text-ink-700">{optionDetail(option)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="delivery-error" message={order.errors.delivery} />
      </fieldset>

      <fieldset className="card p-5">
        <legend className={`${legend} float-left mb-3 w-full`}>When?</legend>
        <div className="clear-left">
          <label htmlFor="checkout-window" className="block text-sm text-ink-700">
            For local delivery or pickup: a preferred time, in the shop's time zone
          </label>
          <select
            id="checkout-window"
            name="window"
            defaultValue={chosen.window ?? ASAP}
            className="input mt-2 w-full"
            aria-describedby={order.errors.window ? "window-error" : undefined}
          >
            <option value={ASAP}>As soon as possible</option>
            {order.windows.map((window) => (
              <option key={window.value} value={window.value}>
                {window.label}
              </option>
            ))}
          </select>
          {!needsWindow ? <p className="mt-2 text-xs text-ink-500">Shipping goes out as soon as possible.</p> : null}
          <FieldError id="window-error" message={order.errors.window} />
        </div>
      </fieldset>

      <fieldset className="card p-5">
        <legend className={`${legend} float-left mb-3 w-full`}>How will you pay?</legend>
        <div className="clear-left grid gap-2 sm:grid-cols-2">
          {order.payments.map((payment) => (
            <label key={payment} className={choice}>
              <input
                type="radio"
                name="payment"
                value={payment}
                defaultChecked={chosen.payment === payment || order.payments.length === 1}
                className="mt-0.5 accent-forest-700"
              />
              <span className="font-medium text-forest-900">{payment}</span>
            </label>
          ))}
        </div>
        <FieldError id="payment-error" message={order.errors.payment} />
      </fieldset>

      <fieldset className="card p-5">
        <legend className={`${legend} float-left mb-3 w-full`}>If something is sold out when we pack it</legend>
        <div className="clear-left grid gap-2">
          {SOLD_OUT_CHOICES.map((value) => (
            <label key={value} className={choice}>
              <input
                type="radio"
                name="soldOut"
                value={value}
                defaultChecked={(chosen.soldOut ?? "call") === value}
                className="mt-0.5 accent-forest-700"
              />
              <span className="font-medium text-forest-900">{SOLD_OUT_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="card p-5">
        <legend className={`${legend} float-left mb-3 w-full`}>A note for us (optional)</legend>
        <div className="clear-left">
          <label htmlFor="checkout-note" className="block text-sm text-ink-700">
            Anything we should know. Please leave your address out: we ask for it in the chat.
          </label>
          <textarea
            id="checkout-note"
            name="note"
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            defaultValue={order.note}
            className="input mt-2 w-full"
            aria-describedby={`note-limit${order.errors.note ? " note-error" : ""}`}
          />
          <p id="note-limit" className="mt-1 text-xs text-ink-500">
            Up to {ORDER_NOTE_MAX} characters.
          </p>
          <FieldError id="note-error" message={order.errors.note} />
        </div>
      </fieldset>

      {/* Without JavaScript the total follows the choices when this is pressed; with it each change is saved at
          once, and the button stays for keyboards and screen readers (Enter in a field), shown when focused. */}
      <button
        type="submit"
        name="intent"
        value="choices"
        className={hydrated ? "btn-secondary sr-only w-full focus-visible:not-sr-only" : "btn-secondary w-full"}
      >
        Update total
      </button>
    </Form>
  );
}

function optionDetail(option: DeliveryOption): string {
  if (option.kind === "shipping") {
    const fee = option.feeCents === 0 ? "Free" : formatCents(option.feeCents);
    const free = option.freeOverCents !== null && option.feeCents > 0 ? `, free over ${formatCents(option.freeOverCents)}` : "";
    return [`${fee}${free}`, option.estimate].filter(Boolean).join(" · ");
  }
  if (option.kind === "local") {
    const zone = option.zone;
    return [
      zone.feeCents === 0 ? "Free" : formatCents(zone.feeCents),
      zone.minimumCents ? `minimum ${formatCents(zone.minimumCents)}` : "",
      zone.estimate,
    ]
      .filter(Boolean)
      .join(" · ");
  }
  return option.instruction || "Free";
}

/**
 * The summary's money and the order button. The button posts the checkout form (its `form`
 * attribute); under the minimum it says how much is missing, and the server refuses in the same words.
 */
export function CheckoutSummary({ cart, order }: { cart: OptimisticCart; order: CheckoutOrder }) {
  const hydrated = useHydrated();
  const blocked = order.missingCents > 0 ? order.errors.minimum : undefined;
  const empty = cart.items.length === 0;

  function onClick(event: React.MouseEvent<HTMLButtonElement>) {
    if (cart.pending || (hydrated && blocked)) {
      event.preventDefault();
      return;
    }
    notify(ORDER_SENT_NOTICE);
    const key = cart.orderKey;
    // After the browser has taken the form's data: emptying the view removes the form.
    window.setTimeout(() => markOrderPlaced(key), 0);
  }

  return (
    <>
      <div className="mt-4 space-y-3">
        <CartSpecialsSummary specials={cart.specials} />
        {empty ? null : <SpecialCodeForm code={cart.specials?.code ?? null} />}
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between text-ink-700">
          <dt>
            Subtotal ({cart.totalItems} {cart.totalItems === 1 ? "item" : "items"})
          </dt>
          <dd>{formatCents(order.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between text-ink-700">
          <dt>Delivery</dt>
          <dd>{order.feeCents === 0 ? "Free" : formatCents(order.feeCents)}</dd>
        </div>
        {order.freeDeliveryHint ? <p className="text-xs text-forest-800">{order.freeDeliveryHint}</p> : null}
        <div className="flex justify-between border-t border-ink-900/10 pt-3 text-lg font-semibold text-forest-900">
          <dt>Total to pay</dt>
          <dd>{formatCents(order.totalCents)}</dd>
        </div>
      </dl>
      <div className="mt-6 space-y-2.5">
        <p
          id="order-blocked"
          role="status"
          aria-live="polite"
          className={blocked ? "rounded-xl bg-berry-50 p-3 text-sm font-medium text-berry-700" : "sr-only"}
        >
          {blocked ?? ""}
        </p>
        <button
          type="submit"
          form={CHECKOUT_FORM_ID}
          name="intent"
          value="order"
          onClick={onClick}
          aria-disabled={hydrated && blocked ? true : undefined}
          aria-describedby={blocked ? "order-blocked" : undefined}
          disabled={cart.pending || empty}
          className="btn-gold w-full py-3 text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          <TelegramIcon />
          {blocked ? `Add ${formatCents(order.missingCents)} more to order` : "Place Order via Telegram"}
        </button>
        {hydrated ? <CopyOrderButton text={order.preview} disabled={cart.pending || empty || Boolean(blocked)} /> : null}
      </div>
    </>
  );
}
