/** What deleting a category means, shown on the confirm page and in the dialog (issue 9: products still using it). */
export function CategoryDeleteWarning({ name, slug, productCount }: { name: string; slug: string; productCount: number }) {
  return (
    <>
      <p>Are you sure you want to delete "{name}"? This action cannot be undone.</p>
      {productCount > 0 ? (
        <p className="rounded-xl bg-gold-100 px-3 py-2 text-sm text-forest-950">
          <strong>
            {productCount} {productCount === 1 ? "product still uses" : "products still use"} this category.
          </strong>{" "}
          {productCount === 1 ? "It keeps" : "They keep"} the category "{slug}" and stay in the shop, but no category page will list{" "}
          {productCount === 1 ? "it" : "them"} until you move {productCount === 1 ? "it" : "them"} to another category.
        </p>
      ) : (
        <p className="text-sm">No products use this category.</p>
      )}
    </>
  );
}
