import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { ProductFormPage } from "~/features/admin/product-form";
import { noindexTitle } from "~/features/site/seo";
import { FETCH_FAILED } from "~/features/admin/product-form-schema";
import { loadProductForm, parseProductId, productFormAction } from "~/features/admin/product-form.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { loadProductInsights } from "~/features/insights/insights.server";
import { ProductInsightsPanel } from "~/features/insights/product-insights";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  noindexTitle(`Edit Product${data?.productName ? `: ${data.productName}` : ""}`, matches);

/** The insights read runs beside the form's, so the session is checked before either (read once per request). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const productId = parseProductId(params.productId);
  const [form, insights] = await Promise.all([loadProductForm(request, context, productId), loadProductInsights(context, productId)]);
  return { ...form, insights };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return productFormAction(request, context, parseProductId(params.productId));
}

export default function EditProduct() {
  const data = useLoaderData<typeof loader>();
  return (
    <ProductFormPage
      mode="edit"
      title="Edit Product"
      data={data}
      actionData={useActionData<typeof action>()}
      summary={<ProductInsightsPanel insights={data.insights} />}
    />
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={FETCH_FAILED} />;
}
