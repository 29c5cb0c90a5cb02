import { formatCents, fromPrice } from "~/features/money/money";
import { savePercent, saveLabel } from "./deals";

/**
 * A price as shoppers read it: the price charged, and for a product on sale the original
 * struck through ("Was $20.00" to a screen reader, which does not announce <s>) and a 'Save N%'
 * badge. One component for the product cards, the product page and the cart lines (drawer and
 * checkout). Server-rendered markup only; the rules are deals/deals.ts.
 */
export function Price({
  priceCents,
  compareAtCents = null,
  className = "",
  each = false,
  from = false,
  label,
}: {
  priceCents: number;
  compareAtCents?: number | null;
  /** the price's size and colour (the struck original and the badge follow the text size) */
  className?: string;
  /** a unit price: "$15.00 each" */
  each?: boolean;
  /** the lowest of several sizes' prices: "from $35.00" */
  from?: boolean;
  /** read before the price by screen readers, e.g. "Unit price" */
  label?: string;
}) {
  const percent = savePercent({ priceCents, compareAtCents });
  return (
    <p className={`price ${className}`}>
      {label || percent !== null ? (
        <span className="sr-only">{[label, percent !== null ? "sale price" : ""].filter(Boolean).join(", ")}: </span>
      ) : null}
      <span>
        {fromPrice(priceCents, from)}
        {each ? " each" : null}
      </span>
      {percent !== null && compareAtCents !== null ? (
        <>
          {" "}
          <s className="price-was">
            <span className="sr-only">Was </span>
            {formatCents(compareAtCents)}
          </s>{" "}
          <span className="save-badge">{saveLabel(percent)}</span>
        </>
      ) : null}
    </p>
  );
}
