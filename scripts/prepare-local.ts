/**
 * Prepares local state for `wrangler dev`: .dev.vars from the example (with a random
 * session secret), local D1 migrations applied, and the built-in catalogue loaded
 * when the products table is empty. Used by `npm start` and the browser tests.
 *   tsx scripts/prepare-local.ts [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../app/load-context";
import { seedCatalogueIfEmpty } from "../db/seed";
import { quietWranglerEnv } from "./env";

function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(".dev.vars", example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString("hex")}`));
  console.log("Created .dev.vars from .dev.vars.example (admin / dev-password).");
}

export async function prepareLocal(persistTo?: string) {
  ensureDevVars();
  const persistArgs = persistTo ? ["--persist-to", persistTo] : [];
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...quietWranglerEnv, CI: "true" },
  });
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
  try {
    const inserted = await seedCatalogueIfEmpty(createDb(proxy.env.DB));
    console.log(inserted ? `Loaded the built-in catalogue: ${inserted} products.` : "Catalogue already loaded.");
  } finally {
    await proxy.dispose();
  }
}

const persistIndex = process.argv.indexOf("--persist-to");
if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareLocal(persistIndex > -1 ? process.argv[persistIndex + 1] : undefined);
}
