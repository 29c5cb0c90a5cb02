import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/auth.server";
import { orderLinkPath, readOrderLink } from "~/features/orders/order-link.server";
import { loadOrderRows, quantitiesBySize } from "~/features/orders/order-page.server";
import { putBackStock, takeFromStock } from "~/features/orders/order-stock.server";
import { ORDER_LINK_EXPIRED, ORDER_LINK_INVALID, orderStockSchema } from "~/features/orders/order-stock";
import { redirectWithToast } from "~/features/toast/toast.server";
import { readFormData } from "~/server/form-data.server";

/** Nothing to show: the forms live on the order page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/dashboard");
}

const units = (count: number) => `${count} ${count === 1 ? "unit" : "units"}`;

/**
 * Take an accepted order's units from stock, or put them back (decision 044). Under /admin/ so the
 * session is checked here and the catalogue version moves with the write, as for every admin save.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: orderStockSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    throw data({ message: errors[0] ?? ORDER_LINK_INVALID }, { status: 400 });
  }
  const { intent, token } = submission.value;
  const reading = await readOrderLink(context.cloudflare.env.SESSION_SECRET, token);
  if (!reading.ok) throw data({ message: reading.reason === "expired" ? ORDER_LINK_EXPIRED : ORDER_LINK_INVALID }, { status: 400 });
  const back = orderLinkPath(token);
  try {
    if (intent === "put-back") {
      const returned = await putBackStock(context.db, reading.reference);
      const count = returned.reduce((sum, row) => sum + row.quantity, 0);
      return redirectWithToast(
        context,
        back,
        returned.length === 0
          ? { title: "Nothing to put back", description: "This order's units are not taken from stock." }
          : { title: "Put back in stock", description: `${units(count)} of order ${reading.reference} are back in stock.` },
      );
    }
    const rows = await loadOrderRows(context, reading.order, reading.reference, false);
    if (!rows) throw new Error("The order's lines could not be read");
    const taken = await takeFromStock(context.db, reading.reference, quantitiesBySize(rows.lines));
    const count = taken.reduce((sum, row) => sum + row.quantity, 0);
    return redirectWithToast(
      context,
      back,
      taken.length === 0
        ? {
            title: "Nothing taken",
            description: `Order ${reading.reference} was already taken from stock, or none of its sizes track stock.`,
          }
        : { title: "Taken from stock", description: `${units(count)} of order ${reading.reference} taken from stock.` },
    );
  } catch (error) {
    console.error("Order stock change failed", error);
    throw data({ message: "The stock could not be changed. Please try again in a moment." }, { status: 503 });
  }
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The stock could not be changed." />;
}
