import type { Delivery } from "~/features/settings/settings";
import { isSampleLabReport, labFactRows, type LabReportColumns } from "~/features/lab-reports/lab-report-display";

/**
 * The product page's small cards under the buy button: only what the data says. One card per way of
 * receiving an order the owner switched on in Settings (its name and estimate), and a lab card from
 * the product's own lab data. Built in the loader, so none of this ships to the browser.
 */
export interface ProductPromise {
  icon: "delivery" | "pickup" | "lab";
  title: string;
  text: string;
}

const MAX_ZONES_LISTED = 3;

/** The delivery ways a shopper can choose now, in the owner's words (none: no card). */
export function deliveryPromises(delivery: Delivery): ProductPromise[] {
  const cards: ProductPromise[] = [];
  const { shipping, local, pickup } = delivery;
  if (shipping.enabled) cards.push({ icon: "delivery", title: shipping.name, text: shipping.estimate });
  if (local.enabled && local.zones.length > 0) {
    const [only] = local.zones;
    const text =
      local.zones.length === 1 && only
        ? [only.name, only.estimate].filter(Boolean).join(", ")
        : `${local.zones
            .slice(0, MAX_ZONES_LISTED)
            .map((zone) => zone.name)
            .join(", ")}${local.zones.length > MAX_ZONES_LISTED ? ` and ${local.zones.length - MAX_ZONES_LISTED} more` : ""}`;
    cards.push({ icon: "delivery", title: local.name, text });
  }
  if (pickup.enabled) cards.push({ icon: "pickup", title: pickup.name, text: pickup.instruction });
  return cards;
}

/**
 * The lab card: the lab and test date of the product's own report; "Lab report on request" where the
 * owner marked it lab tested without one; none for the built-in catalogue's sample report (its section
 * says it is a sample) or a product with no lab data.
 */
export function labPromise(product: LabReportColumns & { isLabTested: boolean }): ProductPromise | null {
  if (isSampleLabReport(product)) return null;
  const facts = labFactRows(product);
  if (product.labReportKey || facts.length > 0) {
    const by = facts.find((fact) => fact.label === "Lab")?.value;
    const on = facts.find((fact) => fact.label === "Test date")?.value;
    const text = by ? `By ${by}${on ? `, ${on}` : ""}` : on ? `Tested ${on}` : "Its results are below";
    return { icon: "lab", title: "Lab tested", text };
  }
  return product.isLabTested ? { icon: "lab", title: "Lab tested", text: "Lab report on request" } : null;
}

/** Every card the product page shows, in order: the delivery ways (pickup last) with the lab card between. */
export function productPromises(delivery: Delivery, product: LabReportColumns & { isLabTested: boolean }): ProductPromise[] {
  const ways = deliveryPromises(delivery);
  const lab = labPromise(product);
  return [...ways.filter((way) => way.icon !== "pickup"), ...(lab ? [lab] : []), ...ways.filter((way) => way.icon === "pickup")];
}
