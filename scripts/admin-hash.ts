/**
 * Prints a PBKDF2-SHA256 hash for ADMIN_PASSWORD_HASH.
 *   npm run admin:hash -- 'my new password'
 * then: wrangler secret put ADMIN_PASSWORD_HASH (production) or edit .dev.vars (local).
 */
import { hashPassword } from "../app/features/auth/password";

const password = process.argv[2];
if (!password) {
  console.error("Usage: npm run admin:hash -- <password>");
  process.exit(1);
}
console.log(await hashPassword(password));
