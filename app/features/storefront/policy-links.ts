/** The policy pages' paths and link names: plain data, small enough for the footer of every page. */
export const POLICY_SLUGS = ["privacy", "shipping", "returns", "terms"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const POLICY_LINKS: readonly { slug: PolicySlug; label: string }[] = [
  { slug: "privacy", label: "Privacy" },
  { slug: "shipping", label: "Shipping" },
  { slug: "returns", label: "Returns & refunds" },
  { slug: "terms", label: "Terms" },
];
