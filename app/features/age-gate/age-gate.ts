/**
 * The 21+ age gate's rules, shared by the root loader, the gate dialog and the /age-gate action.
 * Contract between branches: the cookie `age-verified=yes` means the visitor confirmed 21 or older.
 */
import { isAdminPath } from "~/server/paths";

export const AGE_COOKIE_NAME = "age-verified";
const AGE_COOKIE_VALUE = "yes";
/** Remembered for 30 days. */
const AGE_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/** True when the request's Cookie header holds `age-verified=yes`. */
export function hasVerifiedAge(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const [name, ...rest] = pair.split("=");
    return name?.trim() === AGE_COOKIE_NAME && rest.join("=").trim() === AGE_COOKIE_VALUE;
  });
}

/** The Set-Cookie value remembering the confirmation: 30 days, whole site, SameSite=Lax, Secure off localhost. */
export function ageVerifiedCookie({ secure }: { secure: boolean }): string {
  return [
    `${AGE_COOKIE_NAME}=${AGE_COOKIE_VALUE}`,
    `Max-Age=${AGE_COOKIE_MAX_AGE}`,
    "Path=/",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * A local path to return to after the gate: it must start with a single "/" (so "//evil.com",
 * "/\evil.com" and "https://evil.com" are refused) and hold no control characters. Anything else is "/".
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string") return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return "/";
  return value;
}

/** The gate guards the shop, not the back office (admin pages) nor its own refusal page. */
export function ageGateApplies(pathname: string): boolean {
  if (isAdminPath(pathname)) return false;
  return pathname !== "/age-gate";
}

/**
 * Props that make the page behind the gate inert (no focus, no clicks, hidden from assistive
 * technology) — rendered on the server, so it holds without JavaScript too. React 18 passes
 * `inert=""` through as a plain attribute.
 */
export function inertWhen(on: boolean): { inert?: "" } {
  return on ? { inert: "" } : {};
}
