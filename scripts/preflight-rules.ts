/**
 * The rules `npm run deploy` checks before anything ships (scripts/preflight.ts gathers the facts).
 * Pure, so tests/unit/preflight.test.ts covers every rule. Each problem says what to change.
 */
import { ADMIN_SECRETS, DEV_PASSWORD_HASH, adminSecretProblem, type AdminSecret } from "../app/features/auth/admin-config.server";

/** The database id wrangler.toml ships with until `wrangler d1 create` gives a real one. */
export const PLACEHOLDER_DATABASE_ID = "00000000-0000-0000-0000-000000000000";
/** The page cache's KV namespace id wrangler.toml ships with until `wrangler kv namespace create` gives a real one. */
export const PLACEHOLDER_KV_ID = "00000000000000000000000000000000";

/** Set by `npm run deploy` only (`wrangler deploy --var`): the Worker runs behind Cloudflare's edge (docs/decisions/038). */
export const EDGE_VAR = "BEHIND_CLOUDFLARE_EDGE";

export interface PreflightFacts {
  /** wrangler.toml's D1 databases, as wrangler reads them */
  d1Databases: ReadonlyArray<{ binding: string; database_id?: string | undefined }>;
  /** wrangler.toml's KV namespaces (the page cache's catalogue version) */
  kvNamespaces?: ReadonlyArray<{ binding: string; id?: string | undefined }>;
  /** wrangler.toml's [vars] (deployed in plain text) */
  vars: Readonly<Record<string, unknown>>;
  /** the Worker's secret names from `wrangler secret list`, or why they could not be listed */
  secrets: { names: readonly string[] } | { error: string };
  /** admin secrets in the deploying shell's environment (a CI job that puts them), when present */
  environment: Partial<Record<AdminSecret, string | undefined>>;
}

export function preflightProblems(facts: PreflightFacts): string[] {
  const problems: string[] = [];

  const db = facts.d1Databases.find((database) => database.binding === "DB");
  if (!db?.database_id || db.database_id === PLACEHOLDER_DATABASE_ID) {
    problems.push(
      "wrangler.toml: the D1 database_id is the placeholder. Run `npx wrangler d1 create greenleaf-shop` and put the id it prints in wrangler.toml (database_id).",
    );
  }

  const kv = facts.kvNamespaces?.find((namespace) => namespace.binding === "CATALOGUE_VERSION");
  if (facts.kvNamespaces && (!kv?.id || kv.id === PLACEHOLDER_KV_ID)) {
    problems.push(
      "wrangler.toml: the CATALOGUE_VERSION KV namespace id is the placeholder (the page cache keeps its catalogue version there). Run `npx wrangler kv namespace create CATALOGUE_VERSION` and put the id it prints in wrangler.toml.",
    );
  }

  for (const name of ADMIN_SECRETS) {
    if (name in facts.vars) {
      problems.push(
        `wrangler.toml: ${name} is in [vars], which are deployed in plain text. Remove it and set it with \`npx wrangler secret put ${name}\`.`,
      );
    }
  }
  if (EDGE_VAR in facts.vars) {
    problems.push(
      `wrangler.toml: ${EDGE_VAR} is in [vars], so \`npm start\` would get it too and trust a CF-Connecting-IP any client can forge. Remove it: \`npm run deploy\` sets it for the deployed Worker only.`,
    );
  }
  if (Object.values(facts.vars).includes(DEV_PASSWORD_HASH)) {
    problems.push("wrangler.toml: [vars] holds the development password hash from .dev.vars.example. Remove it.");
  }

  if ("error" in facts.secrets) {
    problems.push(
      `Could not list the Worker's secrets (${facts.secrets.error}). Sign in with \`npx wrangler login\` and set ${ADMIN_SECRETS.join(", ")} with \`npx wrangler secret put NAME\`.`,
    );
  } else {
    const names = facts.secrets.names;
    for (const name of ADMIN_SECRETS) {
      if (!names.includes(name)) problems.push(`Secret ${name} is not set: \`npx wrangler secret put ${name}\`.`);
    }
  }

  // Values the deploying shell holds are judged as the live shop judges them (not localhost).
  for (const name of ADMIN_SECRETS) {
    const value = facts.environment[name];
    if (value === undefined || value === "") continue;
    const problem = adminSecretProblem(name, value, { local: false });
    if (problem) problems.push(`Environment: ${problem.message}`);
  }
  return problems;
}
