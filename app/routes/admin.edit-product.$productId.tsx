import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { ProductForm } from "~/features/admin/product-form";
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
  const { categories, defaultValue, rules, returnTo, productId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminShell>
      <AdminPageHeader title="Edit Product" back={{ to: "/admin/products", label: "Back to Products" }} />
      <ProductForm
        key={productId}
        mode="edit"
        categories={categories}
        defaultValue={defaultValue}
        rules={rules}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        returnTo={returnTo}
      />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={FETCH_FAILED} />;
}
