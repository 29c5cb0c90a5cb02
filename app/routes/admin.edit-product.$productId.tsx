import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { ProductFormPage } from "~/features/admin/product-form";
import { SITE } from "~/features/site/site";
import { FETCH_FAILED } from "~/features/admin/product-form-schema";
import { loadProductForm, parseProductId, productFormAction } from "~/features/admin/product-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit Product${data?.productName ? `: ${data.productName}` : ""} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadProductForm(request, context, parseProductId(params.productId));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return productFormAction(request, context, parseProductId(params.productId));
}

export default function EditProduct() {
  return (
    <ProductFormPage mode="edit" title="Edit Product" data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={FETCH_FAILED} />;
}
