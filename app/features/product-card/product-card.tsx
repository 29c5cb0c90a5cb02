import { Link } from "@remix-run/react";
import { Suspense, useId } from "react";
import { lazyNamed } from "~/ui/lazy";
import { AddToCartButton } from "~/features/cart/add-to-cart-button";
import { useRootData } from "~/features/site/root-data";
import { Price } from "~/features/deals/price";
import { AdminControls as ServerAdminControls } from "~/features/admin/product-card-admin";
import { ProductImage, type ImagePriority } from "~/features/photos/product-image";
import type { ProductSummary } from "~/features/catalogue/product-summary";
import { StarRating } from "~/features/catalogue/star-rating";

export type CardView = "grid" | "list";

function Badge({ tone, children }: { tone: "danger" | "muted" | "good"; children: React.ReactNode }) {
  const tones = {
    danger: "bg-berry-700 text-white",
    muted: "bg-ink-900 text-white",
    good: "bg-forest-800 text-cream-50",
  };
  return <span className={`rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ${tones[tone]}`}>{children}</span>;
}

/**
 * The admin's card controls are rendered on the server as usual; in the browser their code is its
 * own chunk, loaded only when an admin's page shows them (shoppers never download it).
 */
const AdminControls = import.meta.env.SSR
  ? ServerAdminControls
  : lazyNamed(() => import("~/features/admin/product-card-admin"), "AdminControls");

/**
 * A product in a grid or list: name, price, image, strain type, THC, effects,
 * rating and review count, lab-tested badge and stock. Inactive cards carry an 'Inactive' badge
 * and a red tint; out-of-stock cards an 'Out of Stock' badge and a dimmed image. Admin controls
 * appear only when the page asks for them and an admin is signed in.
 *
 * Compact enough for two cards per row on a 360 px phone: the grid card shows the first two
 * effects, the name on at most two lines, and keeps room at the image's top right (a COA mark)
 * and beside the price (a compare-at price and a saving badge).
 */
export function ProductCard({
  product,
  view = "grid",
  priority = "lazy",
  adminControls = false,
  categorySlug,
}: {
  product: ProductSummary;
  view?: CardView;
  priority?: ImagePriority;
  adminControls?: boolean;
  /** Set on category pages: the admin Edit link returns there after saving. */
  categorySlug?: string;
}) {
  const isAdmin = useRootData()?.isAdmin ?? false;
  const titleId = useId();
  const href = product.path;
  const list = view === "list";
  const tint = product.active ? "bg-white" : "border-berry-700/30 bg-berry-50";
  const effects = product.effects.slice(0, list ? 3 : 2);

  return (
    <article aria-labelledby={titleId} className={`product-card ${tint} ${list ? "flex-row" : "flex-col"}`}>
      <div className={`product-card-media ${list ? "w-28 sm:w-44" : "w-full"}`}>
        <ProductImage
          src={product.image}
          alt={product.name}
          width={400}
          height={400}
          layout={list ? "cardList" : "card"}
          priority={priority}
          className={product.inStock ? "product-card-image" : "product-card-image opacity-50 grayscale"}
        />
        {product.specials ? (
          <span className="absolute top-2 right-2 flex flex-col items-end gap-1">
            {product.specials.map((text) => (
              <span key={text} className="rounded-full bg-gold-500 px-2.5 py-1 text-xs font-semibold text-forest-900 shadow-sm">
                {text}
              </span>
            ))}
          </span>
        ) : null}
        {product.active && product.inStock ? null : (
          <span className="absolute top-2 left-2 flex flex-col items-start gap-1">
            {product.active ? null : <Badge tone="danger">Inactive</Badge>}
            {product.inStock ? null : <Badge tone="muted">Out of Stock</Badge>}
          </span>
        )}
        {product.hasLabReport ? (
          <span className="lab-badge lab-badge-certified absolute bottom-2 left-2">Lab Tested</span>
        ) : product.isLabTested ? (
          <span className="lab-badge absolute bottom-2 left-2">Lab tested</span>
        ) : null}
        {product.hasLabReport ? (
          <span className="coa-mark absolute top-2 right-2" role="img" aria-label="Lab report available">
            COA
          </span>
        ) : null}
      </div>

      <div className={`product-card-body ${list ? "p-3 sm:p-5" : "p-2.5 sm:p-3.5"}`}>
        <div className="card-meta">
          {product.packSize ? <span>{product.packSize}</span> : null}
          {product.packSize && (product.strainType || product.thcContent) ? <span aria-hidden="true">·</span> : null}
          {product.strainType ? <span className="capitalize">{product.strainType}</span> : null}
          {product.strainType && product.thcContent ? <span aria-hidden="true">·</span> : null}
          {product.thcContent ? <span>{`THC ${product.thcContent}`}</span> : null}
        </div>

        <h3 id={titleId} className="product-card-title">
          {/* One link per card, stretched over it (the image included); the buttons sit above it. */}
          <Link to={href} prefetch="intent" className="product-card-link">
            {product.name}
          </Link>
        </h3>

        <StarRating rating={product.rating} reviewCount={product.reviewCount} compact className="mt-1" />

        {effects.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1" aria-label="Effects">
            {effects.map((effect) => (
              <li key={effect} className="chip">
                {effect}
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-auto pt-2.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <Price
              priceCents={product.priceCents}
              compareAtCents={product.compareAtCents}
              from={product.sizesPriceDiffers}
              className="product-card-price"
            />
            {product.inStock ? <p className="product-card-stock">In Stock</p> : null}
          </div>
          <div className="relative z-10 mt-2">
            <AddToCartButton
              productId={product.id}
              productName={product.name}
              disabled={!product.inStock}
              className="btn-primary btn-compact w-full"
            />
          </div>
          {adminControls && isAdmin ? (
            <Suspense fallback={null}>
              <AdminControls product={product} categorySlug={categorySlug} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </article>
  );
}
