import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/auth.server";

/**
 * The Edit link on shop product cards: /admin/products/edit/{id}?category={slug} opens the edit
 * form and, after saving, returns to that category page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response("Not Found", { status: 404 });
  const category = new URL(request.url).searchParams.get("category")?.trim();
  const target = `/admin/edit-product/${id}`;
  return redirect(category ? `${target}?returnTo=${encodeURIComponent(`/shop/${encodeURIComponent(category)}`)}` : target);
}
