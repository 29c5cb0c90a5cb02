import type { ProductSummary } from "~/features/catalogue/product-summary";
import { ProductCard, type CardView } from "./product-card";

/** Cards in the first rows of a phone (two by two) and the first row of a desktop load eagerly. */
const FIRST_SCREEN = 4;

/**
 * The product grid: one column below 360 px, two compact cards per
 * row on phones, three on tablets and beside the filter panel, four on desktops. Or the list view.
 */
export function ProductGrid({
  products,
  view = "grid",
  adminControls = false,
  categorySlug,
  busy = false,
}: {
  products: ProductSummary[];
  view?: CardView;
  adminControls?: boolean;
  categorySlug?: string;
  busy?: boolean;
}) {
  const layout =
    view === "list"
      ? "grid grid-cols-1 gap-3 sm:gap-4 xl:grid-cols-2"
      : "grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-4 md:grid-cols-3 xl:grid-cols-4";
  return (
    <>
      {/* Keeps the outline in order (h1 page title, h2 here, h3 per card) for screen-reader navigation. */}
      <h2 className="sr-only">Products</h2>
      <ul aria-busy={busy} className={`${layout} transition-opacity ${busy ? "opacity-60" : ""}`}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              view={view}
              priority={index === 0 ? "high" : index < FIRST_SCREEN ? "eager" : "lazy"}
              adminControls={adminControls}
              categorySlug={categorySlug}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
