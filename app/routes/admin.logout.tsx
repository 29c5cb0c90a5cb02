import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { endAdminSession, endAllAdminSessions, requireAdmin } from "~/features/auth/auth.server";
import { redirectWithToast } from "~/features/toast/toast.server";

/** GET never signs anyone out (a link or prefetch must not end a session): back to /admin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin");
}

const SignOutSchema = z.object({ scope: z.enum(["this", "everywhere"]).default("this") });

export const SIGNED_OUT_EVERYWHERE = {
  title: "Signed out everywhere",
  description: "Every admin session has ended and every device you signed in from is forgotten. Sign in again to continue.",
} as const;

/**
 * Sign out (POST from the admin header): this browser's session row is deleted, so a copy of the
 * cookie stops working at once. `scope=everywhere` (the dashboard's "Sign out everywhere") ends
 * every admin session and forgets every device the admin has signed in from. Either way the cookie is cleared and the admin returns to the sign-in page.
 * Any body that does not say `scope=everywhere` (none at all, not a form, an unknown scope) signs
 * out this browser.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  // Signing out never depends on the body: an empty, unreadable or odd one signs out this browser.
  const form = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(form, { schema: SignOutSchema });
  const scope = submission.status === "success" ? submission.value.scope : "this";
  if (scope === "everywhere") {
    const headers = new Headers();
    for (const cookie of await endAllAdminSessions(request, context)) headers.append("Set-Cookie", cookie);
    return redirectWithToast(context, "/admin", SIGNED_OUT_EVERYWHERE, { headers });
  }
  return redirect("/admin", { headers: { "Set-Cookie": await endAdminSession(request, context) } });
}
