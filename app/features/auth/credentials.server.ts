import { timingSafeEqual, verifyPassword } from "./password";

async function sha256(text: string) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * Checks a username and password against the Worker secrets ADMIN_USERNAME and
 * ADMIN_PASSWORD_HASH. Both comparisons run every time and in constant time, so the answer
 * takes as long for a wrong username as for a wrong password.
 */
export async function checkAdminCredentials(env: Env, username: string, password: string) {
  const expected = env.ADMIN_USERNAME ?? "";
  const [given, wanted, passwordOk] = await Promise.all([
    sha256(username),
    sha256(expected),
    verifyPassword(password, env.ADMIN_PASSWORD_HASH ?? ""),
  ]);
  const usernameOk = timingSafeEqual(given, wanted) && expected !== "";
  return usernameOk && passwordOk;
}
