import type { AdminEnv } from "./admin-config.server";
import { timingSafeEqual, verifyPassword } from "./password";

async function sha256(text: string) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

export async function sha256Hex(text: string) {
  return Array.from(await sha256(text), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A hash of ADMIN_USERNAME and ADMIN_PASSWORD_HASH, stored with each session and trusted device: a
 * row made under other credentials (the password was changed) no longer counts. It reveals neither.
 */
export function credentialTag(env: AdminEnv) {
  return sha256Hex(`${env.ADMIN_USERNAME ?? ""}\n${env.ADMIN_PASSWORD_HASH ?? ""}`);
}

/**
 * Checks a username and password against the Worker secrets ADMIN_USERNAME and
 * ADMIN_PASSWORD_HASH. Both comparisons run every time and in constant time, so the answer
 * takes as long for a wrong username as for a wrong password.
 */
export async function checkAdminCredentials(env: AdminEnv, username: string, password: string) {
  const expected = env.ADMIN_USERNAME ?? "";
  const [given, wanted, passwordOk] = await Promise.all([
    sha256(username),
    sha256(expected),
    verifyPassword(password, env.ADMIN_PASSWORD_HASH ?? ""),
  ]);
  const usernameOk = timingSafeEqual(given, wanted) && expected !== "";
  return usernameOk && passwordOk;
}
