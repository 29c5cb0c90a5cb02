import type { AttentionKey } from "./product-admin.server";

/**
 * The dashboard's "Needs attention" list: each item's label, a line on why it matters, and
 * the Product Management filter that lists exactly the products it counts (the counts and the
 * filters share their SQL: ATTENTION in product-admin.server.ts).
 */
export interface AttentionItem {
  key: AttentionKey;
  label: string;
  hint: string;
  /** /admin/products with the filter that lists these products */
  href: string;
}

export const ATTENTION_ITEMS: readonly AttentionItem[] = [
  {
    key: "outOfStock",
    label: "Out of stock",
    hint: "Shown in the shop, but cannot be added to the cart.",
    href: "/admin/products?stock=out",
  },
  {
    key: "lowStock",
    label: "Low stock",
    hint: "A size with few units left (the level is set below).",
    href: "/admin/products?stock=low",
  },
  { key: "onSale", label: "On sale", hint: "Priced below their compare-at price.", href: "/admin/products?sale=1" },
  { key: "inactive", label: "Inactive", hint: "Hidden from shoppers until activated.", href: "/admin/products?status=inactive" },
  {
    key: "noPhoto",
    label: "Without a photo",
    hint: "The shop shows a drawn packshot instead.",
    href: "/admin/products?photo=none",
  },
  {
    key: "labReportMissing",
    label: "Lab tested without a report",
    hint: "Marked lab tested, but no lab report is uploaded.",
    href: "/admin/products?report=missing",
  },
];
