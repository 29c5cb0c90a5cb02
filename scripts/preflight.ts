/**
 * `npm run deploy` runs this first: it stops with a clear list when something would ship broken —
 * the placeholder D1 database_id, a missing admin secret (`wrangler secret list`), the development
 * password hash or a secret in plain-text [vars]. The rules are scripts/preflight-rules.ts.
 */
import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { ADMIN_SECRETS } from "../app/features/auth/admin-config.server";
import { quietWranglerEnv, quietWranglerVars } from "./env";
import { preflightProblems, type PreflightFacts } from "./preflight-rules";

Object.assign(process.env, quietWranglerVars);

function listSecrets(): PreflightFacts["secrets"] {
  try {
    const out = execFileSync("node_modules/.bin/wrangler", ["secret", "list", "--format", "json"], {
      encoding: "utf8",
      env: quietWranglerEnv,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
    const parsed: unknown = JSON.parse(out.slice(out.indexOf("[")));
    if (!Array.isArray(parsed)) return { error: "wrangler printed no list" };
    return { names: parsed.map((entry: { name?: unknown }) => String(entry?.name ?? "")) };
  } catch (error) {
    const stderr = ((error as { stderr?: string }).stderr ?? "").replace(/\x1b\[[0-9;]*m/g, "");
    const reason = stderr
      .split("\n")
      .find((line) => /error|not|authenticat/i.test(line))
      ?.replace(/^[^A-Za-z]*(\[ERROR\])?\s*/, "")
      .trim();
    return { error: reason || (error instanceof Error ? error.message.split("\n")[0]! : "wrangler secret list failed") };
  }
}

const config = unstable_readConfig({ config: "wrangler.toml" });
const problems = preflightProblems({
  d1Databases: config.d1_databases,
  kvNamespaces: config.kv_namespaces,
  vars: config.vars,
  secrets: listSecrets(),
  environment: Object.fromEntries(ADMIN_SECRETS.map((name) => [name, process.env[name]])),
});

if (problems.length > 0) {
  console.error(`\nDeploy stopped: ${problems.length} ${problems.length === 1 ? "thing" : "things"} would ship broken.\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error("\nFix them and run `npm run deploy` again. Nothing was built, migrated or deployed.\n");
  process.exit(1);
}
console.log("Preflight passed: database id, admin secrets and vars are in place.");
