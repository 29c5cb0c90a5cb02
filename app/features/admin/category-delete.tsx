import { trashNotice } from "~/features/trash/trash";
/** What deleting a category means, shown on the confirm page and in the dialog (and the products still using it). */
export function CategoryDeleteWarning({
  name,
  slug,
  productCount,
  listedOn = [],
}: {
  name: string;
  slug: string;
  productCount: number;
  /** The shop's own pages that list this category's products whatever the categories table holds. */
  listedOn?: readonly string[];
}) {
  const one = productCount === 1;
  return (
    <>
      <p>
        Are you sure you want to delete "{name}"? {trashNotice()}
      </p>
      {productCount > 0 ? (
        <p className="rounded-xl bg-gold-100 px-3 py-2 text-sm text-forest-950">
          <strong>
            {productCount} {one ? "product still uses" : "products still use"} this category.
          </strong>{" "}
          {one ? "It keeps" : "They keep"} the category "{slug}" and stay in the shop
          {listedOn.length > 0
            ? `; the shop's own ${listedOn.length === 1 ? "page" : "pages"} ${listedOn.join(", ")} still ${listedOn.length === 1 ? "lists" : "list"} ${one ? "it" : "them"}`
            : `, but no category page will list ${one ? "it" : "them"}`}{" "}
          until you move {one ? "it" : "them"} to another category.
        </p>
      ) : (
        <p className="text-sm">No products use this category.</p>
      )}
    </>
  );
}
