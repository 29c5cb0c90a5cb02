import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { localPath } from "~/server/redirect";
import type { Toast, ToastAction } from "./toast";

export const TOAST_COOKIE_NAME = "toast";

/**
 * What the toast cookie needs of a request's context (AppLoadContext has it): the Worker's
 * SESSION_SECRET, which module scope cannot read, so the cookie is made per call from it.
 */
export type ToastContext = { env: Pick<Env, "SESSION_SECRET"> };

/** Toasts ride a short-lived flash cookie set on the redirect and read once by the root loader. */
const TOAST_COOKIE_OPTIONS = { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 } as const;

/**
 * Signed, so only this Worker can queue a toast: a toast carries a button that posts a form (Undo),
 * and a visitor who could write the cookie could dress any post as the shop's own notice.
 */
function toastCookie({ env }: ToastContext) {
  return createCookie(TOAST_COOKIE_NAME, { ...TOAST_COOKIE_OPTIONS, secrets: env.SESSION_SECRET ? [env.SESSION_SECRET] : [] });
}

/** The cookie read without a signature: only to tell whether the browser sent one at all, so a bad one is cleared. */
const anyToastCookie = createCookie(TOAST_COOKIE_NAME, TOAST_COOKIE_OPTIONS);

/** A path the redirect rule leaves as it is: an action link may only post to this site. */
const isLocalPath = (to: string) => localPath(to, "") === to;

const ToastActionSchema = z.object({ label: z.string(), to: z.string().refine(isLocalPath), fields: z.record(z.string(), z.string()) });

const ToastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).optional(),
  duration: z.number().optional(),
  action: ToastActionSchema.optional(),
});
const ToastListSchema = z.array(ToastSchema).max(3);

export type ToastInput = Omit<Toast, "id">;

/** A toast as written: its action kept only when it passes the same local-path rule as every redirect. */
function withId({ action, ...toast }: ToastInput): Toast {
  const safeAction: ToastAction | undefined = action && ToastActionSchema.safeParse(action).success ? action : undefined;
  return { id: crypto.randomUUID(), ...toast, ...(safeAction ? { action: safeAction } : {}) };
}

/**
 * Reads (and clears) pending toasts. Returns the Set-Cookie to send when a cookie was sent. One that
 * is unsigned, signed with another secret, malformed or of the wrong shape shows nothing.
 */
export async function getToasts(request: Request, context: ToastContext): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  const sent: unknown = await anyToastCookie.parse(header);
  if (sent === null || sent === "") return { toasts: [], setCookie: null };
  let raw: unknown = null;
  // Without a secret nothing is signed, so nothing is trusted.
  if (context.env.SESSION_SECRET) {
    try {
      raw = await toastCookie(context).parse(header);
    } catch {
      // A signature that is not even base64 makes the parser throw: a forged cookie, read as none.
    }
  }
  const parsed = ToastListSchema.safeParse(raw);
  const setCookie = await anyToastCookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { toasts: parsed.success ? parsed.data : [], setCookie };
}

/** Set-Cookie header value that queues toasts for the next page the browser loads. */
export async function toastHeader(context: ToastContext, ...toasts: ToastInput[]) {
  return toastCookie(context).serialize(toasts.slice(-3).map(withId));
}

export async function redirectWithToast(context: ToastContext, url: string, toast: ToastInput | ToastInput[], init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(context, ...(Array.isArray(toast) ? toast : [toast])));
  return redirect(url, { ...init, headers });
}
