/** The policy pages' paths and link names: plain data, small enough for the footer of every page. */
export type PolicySlug = "privacy" | "shipping" | "returns" | "terms";

export const POLICY_LINKS: readonly { slug: PolicySlug; label: string }[] = [
  { slug: "privacy", label: "Privacy" },
  { slug: "shipping", label: "Shipping" },
  { slug: "returns", label: "Returns & refunds" },
  { slug: "terms", label: "Terms" },
];
