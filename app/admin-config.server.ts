import { parsePasswordHash } from "./lib/password";

/**
 * Is the admin safely configured? The rules the Worker applies on every admin request and that
 * `npm run deploy`'s preflight (scripts/preflight-rules.ts) applies before shipping, in one place.
 *
 * A missing secret never takes the shop down: public pages render, the admin counts as signed
 * out, and /admin says which secret to set and how. Away from localhost the development password
 * (documented in .dev.vars.example) and a short SESSION_SECRET are refused as well.
 */

/** The hash of "dev-password" that .dev.vars.example documents for local use. */
export const DEV_PASSWORD_HASH = "pbkdf2-sha256$100000$r1TaMWT+5aqMX/Fzd+8sLA==$MnH/iFXii3ZvFmyVj6f9n7mExGqF1+49QrJF1NMZelE=";
/** The development password itself: refused away from localhost whatever salt its hash has. */
export const DEV_PASSWORD = "dev-password";
export const SESSION_SECRET_MIN_LENGTH = 32;

export const ADMIN_SECRETS = ["ADMIN_USERNAME", "ADMIN_PASSWORD_HASH", "SESSION_SECRET"] as const;
export type AdminSecret = (typeof ADMIN_SECRETS)[number];

export interface AdminConfigProblem {
  secret: AdminSecret;
  message: string;
}

const put = (name: AdminSecret) => `npx wrangler secret put ${name}`;
const HASH_HOW = "print one with `npm run admin:hash -- '<password>'`";

export const ADMIN_CONFIG_MESSAGES = {
  secretMissing: {
    secret: "SESSION_SECRET",
    message: `SESSION_SECRET is not set. Set a long random value (at least ${SESSION_SECRET_MIN_LENGTH} characters) with \`${put("SESSION_SECRET")}\` (locally: in .dev.vars).`,
  },
  secretShort: {
    secret: "SESSION_SECRET",
    message: `SESSION_SECRET is shorter than ${SESSION_SECRET_MIN_LENGTH} characters. Set a long random value with \`${put("SESSION_SECRET")}\`.`,
  },
  usernameMissing: {
    secret: "ADMIN_USERNAME",
    message: `ADMIN_USERNAME is not set. Set it with \`${put("ADMIN_USERNAME")}\` (locally: in .dev.vars).`,
  },
  hashMissing: {
    secret: "ADMIN_PASSWORD_HASH",
    message: `ADMIN_PASSWORD_HASH is not set or is not a password hash: ${HASH_HOW}, then set it with \`${put("ADMIN_PASSWORD_HASH")}\`.`,
  },
  devPassword: {
    secret: "ADMIN_PASSWORD_HASH",
    message: `ADMIN_PASSWORD_HASH is the development password from .dev.vars.example. Choose a real password: ${HASH_HOW}, then set it with \`${put("ADMIN_PASSWORD_HASH")}\`.`,
  },
} as const satisfies Record<string, AdminConfigProblem>;

type AdminEnv = Partial<Record<AdminSecret, string | undefined>>;

/**
 * What is wrong with the admin's secrets; empty when sign-in may go ahead. `local` is a request
 * to localhost / 127.0.0.1, where the development password and a short secret are fine.
 */
export function adminConfigProblems(env: AdminEnv, { local }: { local: boolean }): AdminConfigProblem[] {
  const problems: AdminConfigProblem[] = [];
  const M = ADMIN_CONFIG_MESSAGES;
  const secret = env.SESSION_SECRET ?? "";
  if (!secret) problems.push(M.secretMissing);
  else if (!local && secret.length < SESSION_SECRET_MIN_LENGTH) problems.push(M.secretShort);
  if (!env.ADMIN_USERNAME?.trim()) problems.push(M.usernameMissing);
  const hash = env.ADMIN_PASSWORD_HASH ?? "";
  if (!parsePasswordHash(hash)) problems.push(M.hashMissing);
  else if (!local && hash === DEV_PASSWORD_HASH) problems.push(M.devPassword);
  return problems;
}
