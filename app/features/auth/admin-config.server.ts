import { parsePasswordHash } from "./password";

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
const SESSION_SECRET_MIN_LENGTH = 32;

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

/** The admin's secrets as the Worker may really have them: any of them can be unset. */
export type AdminEnv = Partial<Record<AdminSecret, string | undefined>>;

/** What is wrong with one secret's value, or null. `local`: a request to localhost / 127.0.0.1. */
export function adminSecretProblem(name: AdminSecret, value: string | undefined, { local }: { local: boolean }): AdminConfigProblem | null {
  const M = ADMIN_CONFIG_MESSAGES;
  switch (name) {
    case "SESSION_SECRET":
      if (!value) return M.secretMissing;
      return !local && value.length < SESSION_SECRET_MIN_LENGTH ? M.secretShort : null;
    case "ADMIN_USERNAME":
      return value?.trim() ? null : M.usernameMissing;
    case "ADMIN_PASSWORD_HASH":
      if (!value || !parsePasswordHash(value)) return M.hashMissing;
      return !local && value === DEV_PASSWORD_HASH ? M.devPassword : null;
  }
}

/**
 * What is wrong with the admin's secrets; empty when sign-in may go ahead. On localhost the
 * development password and a short secret are fine.
 */
export function adminConfigProblems(env: AdminEnv, options: { local: boolean }): AdminConfigProblem[] {
  return ADMIN_SECRETS.map((name) => adminSecretProblem(name, env[name], options)).filter((problem) => problem !== null);
}
