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
import { createDb } from "../app/server/load-context";
import { GENERATED_SIZE_STATEMENTS, generateProducts } from "../db/generate";
import { products } from "../db/schema";
import { insertProductRows, seedCatalogueIfEmpty } from "../db/seed";
import { quietWranglerEnv } from "./env";

function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(".dev.vars", example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString("hex")}`));
  console.log("Created .dev.vars from .dev.vars.example (admin / dev-password).");
}

/**
 * @param persistTo local state folder (default: wrangler's own .wrangler/state)
 * @param generated when set, the products table holds this many generated products instead of the catalogue
 * @param options.quiet print one line per step instead of wrangler's tables (wrangler's output is shown when a step fails)
 */
export async function prepareLocal(persistTo?: string, generated?: number, { quiet = false }: { quiet?: boolean } = {}) {
  ensureDevVars();
  const persistArgs = persistTo ? ["--persist-to", persistTo] : [];
  try {
    execFileSync("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persistArgs], {
      stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
      env: { ...quietWranglerEnv, CI: "true" },
    });
  } catch (error) {
    if (quiet) {
      const { stdout = "", stderr = "" } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
      console.error(`Applying the local D1 migrations failed:\n${stdout}${stderr}`);
    }
    throw error;
  }
  if (quiet) console.log("Database: local D1 migrations applied.");
  const logLevel = process.env.WRANGLER_LOG;
  if (quiet) process.env.WRANGLER_LOG = "error";
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
  if (quiet) {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
  try {
    const db = createDb(proxy.env.DB);
    if (generated) {
      await db.delete(products);
      const rows = generateProducts(generated);
      for (let i = 0; i < rows.length; i += 1000) await insertProductRows(db, rows.slice(i, i + 1000));
      for (const statement of GENERATED_SIZE_STATEMENTS) await proxy.env.DB.prepare(statement).run();
      const [sizes] = (await proxy.env.DB.prepare("SELECT count(*) AS n FROM product_sizes").all<{ n: number }>()).results;
      console.log(`Loaded ${rows.length} generated products in ${sizes?.n ?? 0} sizes (1 to 5 each).`);
    } else {
      const inserted = await seedCatalogueIfEmpty(db, proxy.env.IMAGES);
      console.log(inserted ? `Catalogue: loaded the built-in catalogue, ${inserted} products.` : "Catalogue: already loaded.");
    }
  } finally {
    await proxy.dispose();
  }
}

const persistIndex = process.argv.indexOf("--persist-to");
if (import.meta.url === `file://${process.argv[1]}`) {
  await prepareLocal(persistIndex > -1 ? process.argv[persistIndex + 1] : undefined);
}
