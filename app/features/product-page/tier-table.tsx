import { formatCents } from "~/features/money/money";
import { unitPriceCents, type PriceTiers } from "~/features/catalogue/price-tiers";

/*
 * The product page's bulk pricing table. Only the product page draws it, so it lives in that page's
 * code, not in price-tiers.ts, which every page's shell carries with the cart.
 */

/**
 * The product page's tier table: the single-unit price
 * first, then one row per tier from 2 units up.
 */
export function priceTierRows(priceCents: number, tiers: PriceTiers): Array<{ label: string; unitPriceCents: number }> {
  return [
    { label: "Single", unitPriceCents: unitPriceCents(priceCents, tiers, 1) },
    ...tiers
      .filter((tier) => tier.minQuantity > 1)
      .map((tier) => ({ label: `${tier.minQuantity} units`, unitPriceCents: tier.unitPriceCents })),
  ];
}

/** The table of a size's (or a one-size product's) unit price by quantity. */
export function TierTable({ priceCents, tiers }: { priceCents: number; tiers: PriceTiers }) {
  return (
    // The rows are rounded, not the table: a table's overflow clip would cut its caption too.
    <table className="tier-table mt-5 w-full max-w-sm text-sm">
      <caption className="mb-2 text-left font-semibold text-ink-900">Bulk pricing (per unit)</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
        </tr>
      </thead>
      <tbody>
        {priceTierRows(priceCents, tiers).map((row) => (
          <tr key={row.label} className="odd:bg-white even:bg-cream-100">
            <th scope="row" className="px-4 py-2 text-left font-medium text-ink-700">
              {row.label}
            </th>
            <td className="px-4 py-2 text-right font-semibold text-forest-800">{formatCents(row.unitPriceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
