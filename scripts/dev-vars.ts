import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * The local secrets (.dev.vars), made once from .dev.vars.example with a random session secret. Made
 * before anything reads them: `wrangler types` hashes them into worker-configuration.d.ts, and wrangler
 * warns that the types are out of date when the file it later serves with differs.
 */
export function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(".dev.vars", example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString("hex")}`));
  console.log("Created .dev.vars from .dev.vars.example (admin / dev-password).");
}
