import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazyNamed, suspendedBoundary } from "~/ui/lazy";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Gallery } from "~/features/product-page/gallery";
import { LabReportSection } from "~/features/lab-reports/lab-report-section";
import { ProductLoadError as ServerProductLoadError } from "~/features/site/load-error";
import { Price } from "~/features/deals/price";
import { ProductPurchase } from "~/features/product-page/product-purchase";
import { ProductsLoading, useProductsLoading } from "~/features/catalogue/products-loading";
import { StarRating } from "~/features/catalogue/star-rating";
import { useRootData, type RootLoader } from "~/features/site/root-data";
import { getAdmin } from "~/features/auth/auth.server";
import { galleryItems } from "~/features/product-page/gallery-items";
import { packSize, productImageOrPackshot } from "~/features/packshots/packshot";
import { formatCents } from "~/features/money/money";
import { useNonce } from "~/features/site/nonce";
import { categoryLabel, productDescription } from "~/features/product-page/product-page";
import { productShareImage } from "~/features/product-page/share-image";
import { rootDescription, rootOrigin, rootShop, seo } from "~/features/site/seo";
import { clipDescription } from "~/features/site/shop-description";
import { telegramUrl } from "~/features/site/site";
import { productPromises, type ProductPromise } from "~/features/product-page/product-promises";
import { labReportView } from "~/features/lab-reports/lab-report-display";
import { productJsonLdScript, type UnitPrice } from "~/features/product-page/product-json-ld.server";
import { loadLayoutData } from "~/features/site/layout.server";
import { badgeSpecials, badgesFor, singleUnitPrice } from "~/features/specials/badges";
import { getProductWithSizes, readCatalogue } from "~/features/catalogue/product.server";
import { hasPicker, SizePanels, sizeInStock, type PickerSize } from "~/features/product-page/size-picker";
import { TierTable } from "~/features/product-page/tier-table";
import { productIdFromParam, productParam, productPath } from "~/features/catalogue/product-path";
import { type IconProps, LineIcon } from "~/ui/icons";

function TruckIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" strokeLinejoin="round" />
      <circle cx="7" cy="17.5" r="1.5" />
      <circle cx="17" cy="17.5" r="1.5" />
    </LineIcon>
  );
}

function FlaskIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3" strokeLinejoin="round" />
    </LineIcon>
  );
}

function ClockIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </LineIcon>
  );
}

function productNotFound(pathname: string): never {
  console.warn(`404 Not Found: ${pathname} (no such product)`);
  throw data({ message: "Product Not Found" }, { status: 404 });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  // The id finds the product; anything after it is only the readable slug (decision 024).
  const id = productIdFromParam(params.productId);
  if (id === null) productNotFound(pathname);
  // The product and its sizes in one round trip (a batch).
  // The specials come with the layout's batch (shared with the root loader): no round trip of their own.
  const [found, admin, layout] = await Promise.all([
    readCatalogue(() => getProductWithSizes(context.db, id)),
    getAdmin(request, context),
    loadLayoutData(request, context),
  ]);
  // Shoppers never see an inactive product; the admin does, with a notice.
  if (!found || (!found.product.active && !admin)) productNotFound(pathname);
  // A product with none on hand in any size reads Out of Stock, as its card does and the cart holds it.
  const product = found.soldOut ? { ...found.product, inStock: false } : found.product;
  // A bare id or an old slug (the name changed) moves for good to the canonical URL, query kept.
  if (params.productId !== productParam(product)) {
    throw redirect(`${productPath(product)}${new URL(request.url).search}`, 301);
  }
  // The gallery's cover, og:image and JSON-LD show the uploaded image, or the packshot when there is none.
  const cover = productImageOrPackshot(product);
  // A product sold in one size shows no picker and reads exactly as before sizes.
  const sizes: PickerSize[] = found.sizes.length > 1 ? found.sizes.map(({ sku: _sku, ...size }) => size) : [];
  const now = new Date();
  const timeZone = layout.settings.value.hours.timeZone;
  const sizeIds = found.sizes.map((size) => size.id);
  const specials = badgesFor(badgeSpecials(layout.specials, now, timeZone), {
    productId: product.id,
    category: product.category,
    sizeIds,
    sizesComplete: true,
  });
  // Structured data states what the cart charges one unit now with no code: a running special included.
  const unitPrice: UnitPrice = (size) =>
    singleUnitPrice(
      layout.specials,
      { productId: product.id, sizeId: size.id ?? sizeIds[0] ?? 0, category: product.category, unitCents: size.priceCents },
      now,
      timeZone,
    );
  return {
    product,
    sizes,
    specials,
    // A size with this many or fewer on hand says 'Only N left' (the dashboard's low-stock level).
    lowStockLevel: found.lowStockLevel,
    // The one size's stock of a product sold in one size.
    stock: found.sizes.length === 1 ? found.sizes[0]!.stock : null,
    // Built here, so the slug rules stay out of the browser's code.
    path: productPath(product),
    cover,
    size: packSize(product),
    isAdmin: admin !== null,
    lab: labReportView(product),
    // Clipped at a word here, so the browser carries no clipping code.
    metaDescription: clipDescription(`${formatCents(product.priceCents)} · ${productDescription(product)}`),
    // Only what the owner's delivery settings and the product's own lab data say (none: no card).
    promises: productPromises(layout.settings.value.delivery, product),
    jsonLd: productJsonLdScript(product, cover, new URL(request.url).origin, found.sizes, unitPrice),
    // Chosen here, so the browser carries none of the share image's rules.
    shareImage: productShareImage(cover, product.name),
  };
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, params }) => {
  const origin = rootOrigin(matches);
  if (!data)
    return seo({
      title: "Product Not Found",
      description: rootDescription(matches),
      origin,
      shop: rootShop(matches),
      path: `/product/${params.productId ?? ""}`,
      noindex: true,
    });
  const { product } = data;
  return seo({
    title: product.name,
    description: data.metaDescription,
    origin,
    shop: rootShop(matches),
    path: data.path,
    image: data.shareImage,
    type: "product",
    noindex: !product.active,
  });
};

/** As many columns as cards (up to three), so two cards share the row instead of leaving a gap. */
const PROMISE_COLUMNS = ["", "", "sm:grid-cols-2", "sm:grid-cols-3"] as const;

function PromiseIcon({ icon }: { icon: ProductPromise["icon"] }) {
  if (icon === "lab") return <FlaskIcon className="h-5 w-5" />;
  if (icon === "pickup") return <ClockIcon className="h-5 w-5" />;
  return <TruckIcon className="h-5 w-5" />;
}

function Badge({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-forest-50 p-3">
      <span className="mt-0.5 text-forest-800" aria-hidden="true">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-ink-900">{title}</span>
        {text ? <span className="block text-xs text-ink-700">{text}</span> : null}
      </span>
    </li>
  );
}

/** In Stock or Out of Stock; a size that tracks stock and is at or below the low-stock level adds 'Only N left'. */
function Availability({ inStock, stock, level }: { inStock: boolean; stock: number | null; level: number }) {
  const left = inStock && stock !== null && stock > 0 && stock <= level ? stock : null;
  return (
    <span className={`font-semibold ${inStock ? "text-forest-700" : "text-berry-700"}`}>
      {inStock ? "In Stock" : "Out of Stock"}
      {left !== null ? <span className="ml-2 font-medium text-berry-700">{`Only ${left} left`}</span> : null}
    </span>
  );
}

export default function ProductPage() {
  const { product, sizes, cover, size, isAdmin, lab, jsonLd, lowStockLevel, stock, specials, promises } = useLoaderData<typeof loader>();
  const picker = hasPicker(sizes) ? sizes : null;
  const root = useRootData();
  const loading = useProductsLoading("/product/");
  const nonce = useNonce();
  const description = productDescription(product);
  const items = galleryItems({ ...product, image: cover });
  const bulkLink = telegramUrl(
    root?.telegramUsername ?? "",
    `Hi! I'm interested in bulk pricing for ${product.name} (${formatCents(product.priceCents)}).`,
  );

  return (
    <div className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Breadcrumb
          trail={[
            { to: "/shop", label: "Shop" },
            { to: `/shop/${product.category}`, label: categoryLabel(product.category), capitalize: true },
          ]}
          current={product.name}
        />
        <ProductsLoading loading={loading} label="Loading product..." />
      </div>

      {!product.active && isAdmin ? (
        <p role="note" className="mt-4 rounded-2xl border border-berry-700/30 bg-berry-50 px-4 py-3 text-sm text-berry-700">
          <strong>Inactive:</strong> shoppers cannot see this product until it is activated again.
        </p>
      ) : null}

      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-14">
        <Gallery key={product.id} items={items} productName={product.name} />

        <div data-sizes={picker ? "" : undefined}>
          <p className="eyebrow">{categoryLabel(product.category)}</p>
          <h1 className="heading-display mt-2 text-3xl sm:text-4xl">{product.name}</h1>
          {specials.length > 0 ? (
            <ul aria-label="Specials" className="mt-2 flex flex-wrap gap-1.5">
              {specials.map((text) => (
                <li key={text} className="rounded-full bg-gold-500 px-3 py-1 text-sm font-semibold text-forest-900">
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-3">
            <StarRating rating={product.rating} reviewCount={product.reviewCount} size="lg" />
          </div>
          {picker ? (
            <SizePanels sizes={picker}>
              {(option) => (
                <Price
                  priceCents={option.priceCents}
                  compareAtCents={option.compareAtCents}
                  className="mt-5 text-3xl font-semibold text-forest-800"
                />
              )}
            </SizePanels>
          ) : (
            <Price
              priceCents={product.priceCents}
              compareAtCents={product.compareAtCents}
              className="mt-5 text-3xl font-semibold text-forest-800"
            />
          )}

          <div className="mt-6">
            <ProductPurchase key={product.id} product={product} sizes={picker ?? undefined} />
            <a href={bulkLink} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-3 w-full py-3 sm:w-auto">
              Contact for Bulk Orders
              <span className="sr-only"> (opens Telegram in a new tab)</span>
            </a>
          </div>

          {product.bulkNote ? (
            <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-gold-100 px-4 py-1.5 text-sm font-semibold text-ink-900">
              <span className="rounded-full bg-gold-500 px-2 py-0.5 text-xs text-forest-950 uppercase">Bulk</span>
              {product.bulkNote}
            </p>
          ) : null}

          {picker ? (
            <SizePanels sizes={picker}>
              {(option) => (option.tiers ? <TierTable priceCents={option.priceCents} tiers={option.tiers} /> : null)}
            </SizePanels>
          ) : product.priceTiers ? (
            <TierTable priceCents={product.priceCents} tiers={product.priceTiers} />
          ) : null}

          {promises.length > 0 ? (
            <ul className={`mt-6 grid gap-3 ${PROMISE_COLUMNS[Math.min(promises.length, 3)]}`} aria-label="Delivery and lab reports">
              {promises.map((promise) => (
                <Badge
                  key={`${promise.icon}-${promise.title}`}
                  icon={<PromiseIcon icon={promise.icon} />}
                  title={promise.title}
                  text={promise.text}
                />
              ))}
            </ul>
          ) : null}

          <section aria-labelledby="details-heading" className="mt-8">
            <h2 id="details-heading" className="font-display text-xl text-forest-900">
              Details
            </h2>
            <dl className="mt-3 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white text-sm">
              <div className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-ink-700">Category</dt>
                <dd className="font-medium text-ink-900 capitalize">{categoryLabel(product.category)}</dd>
              </div>
              {size ? (
                <div className="flex justify-between gap-4 px-4 py-2.5">
                  <dt className="text-ink-700">Size</dt>
                  <dd className="font-medium text-ink-900">{size}</dd>
                </div>
              ) : null}
              {product.strainType ? (
                <div className="flex justify-between gap-4 px-4 py-2.5">
                  <dt className="text-ink-700">Strain Type</dt>
                  <dd className="font-medium text-ink-900 capitalize">{product.strainType}</dd>
                </div>
              ) : null}
              {product.thcContent ? (
                <div className="flex justify-between gap-4 px-4 py-2.5">
                  <dt className="text-ink-700">THC Content</dt>
                  <dd className="font-medium text-ink-900">{product.thcContent}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-ink-700">Availability</dt>
                <dd>
                  {picker ? (
                    <SizePanels sizes={picker} as="span">
                      {(option) => (
                        <Availability inStock={product.inStock && sizeInStock(option)} stock={option.stock} level={lowStockLevel} />
                      )}
                    </SizePanels>
                  ) : (
                    <Availability inStock={product.inStock} stock={stock} level={lowStockLevel} />
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <LabReportSection
            view={lab}
            requestUrl={telegramUrl(root?.telegramUsername ?? "", `Hi! Could you send me the lab report for ${product.name}?`)}
          />

          {product.effects.length > 0 ? (
            <section aria-labelledby="effects-heading" className="mt-8">
              <h2 id="effects-heading" className="font-display text-xl text-forest-900">
                Effects
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {product.effects.map((effect) => (
                  <li key={effect} className="rounded-full bg-cream-100 px-3 py-1 text-sm text-ink-700">
                    {effect}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="description-heading" className="mt-8">
            <h2 id="description-heading" className="font-display text-xl text-forest-900">
              Description
            </h2>
            <p className="mt-3 leading-relaxed text-ink-700">{description}</p>
          </section>
        </div>
      </div>

      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </div>
  );
}

/** Rendered on the server as usual; in the browser its code loads only when the page fails. */
const ProductLoadError = import.meta.env.SSR
  ? ServerProductLoadError
  : lazyNamed(() => import("~/features/site/load-error"), "ProductLoadError");

export const ErrorBoundary = suspendedBoundary(ProductLoadError);
