import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * A user-supplied redirect target reduced to a path on this site, or the fallback.
 * remix-utils' safeRedirect refuses "//host", "/\\host" and "..". We also refuse control
 * characters and backslashes anywhere: browsers strip tabs and newlines from URLs, so
 * "/\t/evil.example" would otherwise become "//evil.example".
 */
export function localPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return safeRedirect(value, fallback);
}
