import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { notify } from "~/features/toast/toaster";
import { type IconProps, LineIcon, TelegramIcon } from "~/ui/icons";
import { CartSpecialsSummary, SpecialCodeForm } from "~/features/specials/cart-specials-view";
import { emptyCartNotice, nothingInStockNotice, notOrderedNotice, ORDER_SENT_NOTICE, type OrderSource } from "./cart";
import { CART_ACTION, markOrderPlaced, type OptimisticCart } from "./cart-state";

function CopyIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </LineIcon>
  );
}

/**
 * 'Place Order via Telegram' and 'Copy order'. With JavaScript the order form opens a new tab: its post
 * is answered with a 303 to t.me with the order text (built once on the server) and a cookie that
 * empties the cart; this tab refuses an empty cart itself, and after a valid submit shows 'Order sent!',
 * empties its cart view and returns home after 2 s. Without JavaScript the form posts from this page:
 * the answer is the checkout page saying the order was sent, with the empty cart, and Telegram opens
 * from there (with a link to open it again), so no view of the old cart is left to order twice.
 */
export function OrderActions({ cart, source }: { cart: OptimisticCart; source: OrderSource }) {
  const hydrated = useHydrated();
  const empty = cart.items.length === 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (empty) {
      event.preventDefault();
      notify(cart.outOfStock.length > 0 ? nothingInStockNotice(cart.outOfStock) : emptyCartNotice(source));
      return;
    }
    if (cart.pending) {
      event.preventDefault();
      return;
    }
    notify(ORDER_SENT_NOTICE);
    if (cart.outOfStock.length > 0) notify(notOrderedNotice(cart.outOfStock));
    const text = cart.orderText;
    // After the browser has taken the form's data: emptying the view removes the form.
    window.setTimeout(() => markOrderPlaced(text), 0);
  }

  return (
    <div className="space-y-2.5">
      <CartSpecialsSummary specials={cart.specials} />
      {empty ? null : <SpecialCodeForm code={cart.specials?.code ?? null} />}
      {/* With JavaScript Telegram opens in a new tab and this tab follows; without, the order is posted from
          this page, which then shows the order sent and the cart empty, and opens Telegram (decision 014). */}
      <Form method="post" action={CART_ACTION} reloadDocument target={hydrated ? "_blank" : undefined} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="order" />
        <input type="hidden" name="source" value={source} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button type="submit" className="btn-gold w-full py-3 text-base" disabled={cart.pending}>
          <TelegramIcon />
          Place Order via Telegram
        </button>
      </Form>
      {hydrated ? <CopyOrderButton text={cart.orderText} disabled={cart.pending || empty} /> : null}
    </div>
  );
}

/** Puts the same order text on the clipboard, for shoppers whose Telegram does not pre-fill it. */
export function CopyOrderButton({ text, disabled }: { text: string; disabled: boolean }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: "Order copied", description: "Paste it into your Telegram chat with us." });
    } catch (error) {
      console.error("Copy order failed", error);
      notify({
        title: "Copy failed",
        description: "Your browser blocked the clipboard. Select the order text on the checkout page and copy it.",
        variant: "destructive",
      });
    }
  }
  return (
    <button type="button" className="btn-secondary w-full" onClick={copy} disabled={disabled}>
      <CopyIcon className="h-4 w-4" />
      Copy order
    </button>
  );
}
