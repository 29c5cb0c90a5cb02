import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { ProductFormPage } from "~/features/admin/product-form";
import { noindexTitle } from "~/features/site/seo";
import { loadProductForm, productFormAction } from "~/features/admin/product-form.server";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Add New Product", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProductForm(request, context, null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return productFormAction(request, context, null);
}

export default function AddProduct() {
  return (
    <ProductFormPage
      mode="create"
      title="Add New Product"
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="Failed to load categories" />;
}
