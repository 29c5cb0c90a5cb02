import { Form } from "@remix-run/react";
import { useId } from "react";
import { formatCents } from "~/features/money/money";
import type { CartSpecials } from "./cart-lines";

/**
 * The specials the server applied to the cart — each with its saving, what a line still needs, and
 * the total after them — and the 'Have a code?' form. Shown in the drawer and on the cart page.
 */
export function CartSpecialsSummary({ specials }: { specials: CartSpecials | null | undefined }) {
  if (!specials || (specials.applied.length === 0 && specials.hints.length === 0)) return null;
  return (
    <section aria-label="Specials" className="rounded-2xl bg-forest-50 p-3 text-sm text-forest-900">
      {specials.applied.length > 0 ? (
        <dl className="space-y-1">
          {specials.applied.map((special) => (
            <div key={special.name} className="flex justify-between gap-3">
              <dt className="font-medium">{special.name}</dt>
              <dd className="shrink-0 font-semibold">
                {special.savingCents > 0 ? `−${formatCents(special.savingCents)}` : null}
                {special.freeDelivery ? (special.savingCents > 0 ? " · free delivery" : "Free delivery") : null}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-forest-900/10 pt-1.5 text-base font-semibold">
            <dt>Total after specials</dt>
            <dd>{formatCents(specials.totalCents)}</dd>
          </div>
        </dl>
      ) : null}
      {specials.hints.length > 0 ? (
        <ul className={specials.applied.length > 0 ? "mt-2 space-y-1 text-ink-700" : "space-y-1 text-ink-700"}>
          {specials.hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** 'Have a code?': a plain form to /cart (works without JavaScript); the answer comes back to this page. */
export function SpecialCodeForm({ code }: { code: string | null }) {
  const id = useId();
  return (
    <Form method="post" action="/cart" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="code" />
      <label htmlFor={id} className="flex-1 text-sm font-medium text-forest-900">
        Have a code?
        <input
          id={id}
          name="code"
          defaultValue={code ?? ""}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          className="input mt-1 w-full uppercase"
          placeholder="WEEKEND10"
        />
      </label>
      <button type="submit" className="btn-secondary">
        Apply
      </button>
    </Form>
  );
}
