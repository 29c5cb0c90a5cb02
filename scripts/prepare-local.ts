/**
 * Prepares local state for `wrangler dev`: .dev.vars from the example (with a random
 * session secret), local D1 migrations applied, and the built-in catalogue loaded
 * when the products table is empty. Used by `npm start` and by every engine the tests start (browser,
 * server, bench and load), which start from a copy of one fresh state.
 *   tsx scripts/prepare-local.ts [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../app/server/load-context";
import { GENERATED_SIZE_STATEMENTS, generateProducts } from "../db/generate";
import { products } from "../db/schema";
import { insertProductRows, seedCatalogueIfEmpty } from "../db/seed";
import { ensureDevVars } from "./dev-vars";
import { quietWranglerEnv } from "./env";

/** What a fresh local state is made from: the migrations, the seed and the app code it runs, the bindings. */
const FRESH_STATE_SOURCES = ["migrations", "db", "app", "scripts/prepare-local.ts", "wrangler.toml", "package-lock.json"];

function sourcesHash(): string {
  const hash = createHash("sha256");
  const add = (file: string) => hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  for (const source of FRESH_STATE_SOURCES) {
    if (!existsSync(source)) continue;
    if (!statSync(source).isDirectory()) {
      add(source);
      continue;
    }
    const files = readdirSync(source, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) add(file);
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A fresh state (migrations applied, catalogue loaded) into `persistTo`. Making one (wrangler's migrations
 * command, then a runtime for the seed) measured 35–45 s of CPU on the 2-core machine, and every engine a test
 * run starts needs one (browser, server, bench and load tests). So the first one made from given sources is
 * kept under .wrangler/fresh-state/<hash of the sources>, older ones are removed, and the next are copies.
 * A copy is used for an hour at most: the seed stamps its rows with the time it ran, and a shop whose
 * products were all added days ago is not the fresh shop the tests expect.
 */
async function freshState(persistTo: string, quiet: boolean) {
  const template = `.wrangler/fresh-state/${sourcesHash()}`;
  if (existsSync(template) && Date.now() - statSync(template).mtimeMs > 60 * 60 * 1000) rmSync(template, { recursive: true, force: true });
  if (!existsSync(template)) {
    const making = `${template}.${process.pid}`;
    rmSync(making, { recursive: true, force: true });
    await migrateAndSeed(making, undefined, quiet);
    for (const old of existsSync(path.dirname(template)) ? readdirSync(path.dirname(template)) : []) {
      if (!old.includes(".")) rmSync(path.join(path.dirname(template), old), { recursive: true, force: true });
    }
    mkdirSync(path.dirname(template), { recursive: true });
    // Another process may have finished the same template first: its copy is as good as ours.
    if (!existsSync(template)) renameSync(making, template);
    else rmSync(making, { recursive: true, force: true });
  } else if (quiet) console.log("Database: a copy of the fresh local state (migrated, catalogue loaded).");
  cpSync(template, persistTo, { recursive: true });
}

/**
 * @param persistTo local state folder (default: wrangler's own .wrangler/state)
 * @param generated when set, the products table holds this many generated products instead of the catalogue
 * @param options.quiet print one line per step instead of wrangler's tables (wrangler's output is shown when a step fails)
 */
export async function prepareLocal(persistTo?: string, generated?: number, { quiet = false }: { quiet?: boolean } = {}) {
  ensureDevVars();
  // A new folder of its own (the test engines remove theirs first) can start as a copy of the fresh state.
  if (persistTo && !generated && !existsSync(persistTo)) return freshState(persistTo, quiet);
  await migrateAndSeed(persistTo, generated, quiet);
}

async function migrateAndSeed(persistTo: string | undefined, generated: number | undefined, quiet: boolean) {
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
