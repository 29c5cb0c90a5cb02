import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** /category/{slug}, referenced by the product card logic of docs/product.md: moved to /shop/{slug}. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/shop/${encodeURIComponent(params.slug ?? "")}`, 301);
}
