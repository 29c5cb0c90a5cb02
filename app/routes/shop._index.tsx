import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { SITE } from "~/lib/site";
import { listActiveProducts } from "~/products.server";

export const meta: MetaFunction = () => [
  { title: `Shop all products | ${SITE.name}` },
  { name: "description", content: "Browse lab-tested flower, concentrates, edibles and disposables." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { products: await listActiveProducts(context.db) };
}

export default function Shop() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10">
      <h1 className="heading-display text-4xl">Shop</h1>
      <p className="mt-2 text-ink-700">
        Showing {products.length} of {products.length} products (sorted A-Z)
      </p>
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </div>
  );
}
