import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { localPath } from "~/server/redirect";
import type { Toast, ToastAction } from "./toast";

export const TOAST_COOKIE_NAME = "toast";

/** Toasts ride a short-lived flash cookie set on the redirect and read once by the root loader. */
const toastCookie = createCookie(TOAST_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

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

/** Reads (and clears) pending toasts. Returns the Set-Cookie to send when something was read. */
export async function getToasts(request: Request): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (!raw) return { toasts: [], setCookie: null };
  const parsed = ToastListSchema.safeParse(raw);
  const setCookie = await toastCookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { toasts: parsed.success ? parsed.data : [], setCookie };
}

/** Set-Cookie header value that queues toasts for the next page the browser loads. */
export async function toastHeader(...toasts: ToastInput[]) {
  return toastCookie.serialize(toasts.slice(-3).map(withId));
}

export async function redirectWithToast(url: string, toast: ToastInput | ToastInput[], init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(...(Array.isArray(toast) ? toast : [toast])));
  return redirect(url, { ...init, headers });
}
