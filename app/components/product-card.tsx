import { Link } from "@remix-run/react";
import { formatCents } from "~/lib/money";
import type { Product } from "~/lib/product";

export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="card overflow-hidden">
      <Link to={`/product/${product.id}`} className="block">
        <img
          src={product.image ?? "/art/placeholder.svg"}
          alt={product.name}
          width={400}
          height={400}
          loading="lazy"
          className="aspect-square w-full bg-cream-100 object-cover"
        />
        <div className="p-4">
          <h3 className="font-semibold text-ink-900">{product.name}</h3>
          <p className="mt-1 text-forest-800">{formatCents(product.priceCents)}</p>
        </div>
      </Link>
    </article>
  );
}
