import type { ProductSummary } from "~/lib/product-summary";
import { ProductCard, type CardView } from "./product-card";

/** Cards in the first row load eagerly (the first with high priority); the rest lazily. */
const FIRST_ROW = 4;

/** The product grid (1 to 4 columns by width) or list. */
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
  const layout = view === "list" ? "grid grid-cols-1 gap-4 lg:grid-cols-2" : "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
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
              priority={index === 0 ? "high" : index < FIRST_ROW ? "eager" : "lazy"}
              adminControls={adminControls}
              categorySlug={categorySlug}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
