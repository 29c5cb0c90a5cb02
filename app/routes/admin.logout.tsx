import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { destroyAdminSessionCookie, requireAdmin } from "~/auth.server";

/** GET never signs anyone out (a link or prefetch must not end a session): back to /admin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin");
}

/** Sign out (POST from the AdminShell): clear the session cookie and return to the sign-in page. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin", { headers: { "Set-Cookie": await destroyAdminSessionCookie(request, context.env) } });
}
