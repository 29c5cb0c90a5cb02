import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { ProductForm } from "~/features/admin/product-form";
import { SITE } from "~/features/site/site";
import { loadProductForm, productFormAction } from "~/features/admin/product-form.server";

export const meta: MetaFunction = () => [{ title: `Add New Product | ${SITE.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProductForm(request, context, null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return productFormAction(request, context, null);
}

export default function AddProduct() {
  const { categories, defaultValue, rules, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminShell>
      <AdminPageHeader title="Add New Product" back={{ to: "/admin/products", label: "Back to Products" }} />
      <ProductForm
        mode="create"
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
  return <AdminRouteError fallback="Failed to load categories" />;
}
