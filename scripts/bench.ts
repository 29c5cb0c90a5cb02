/**
 * npm run bench [-- --products 10000] [--duration 10] [--connections 10] [--smoke] [--no-build]
 * npm run bench -- --compare ../other-checkout [--runs 5] [--rows REGEX] [--duration 20] [--port N] [--no-build]
 *
 * Builds, serves the built Worker with wrangler's local engine (scripts/local-worker.ts: no DevTools
 * attached, as deployed) on its own local state, warms up, then measures
 * every page and a static file of the same size (the runtime's floor) with autocannon, one after the
 * other with the same connections and duration, in one run. Prints req/s, p50/p99 latency and each
 * page's req/s as a ratio of the static file's, the Server-Timing medians, the first-visit JS/CSS
 * per route (gzipped), HTML sizes and the Worker bundle size, with a verdict per target, and writes
 * everything to bench/results-<label>.json so two runs can be compared.
 * With --products N, the catalogue database is measured first (for /shop's p50 baseline) and then a
 * separate database of N generated products. Search is measured too: the suggestions route and a
 * /shop search, and the query plans of every statement a search sends (the FTS index must drive
 * them: no scan of products).
 *
 * The page cache (docs/decisions/017) is measured three ways in the same run: "cached" rows are the
 * anonymous visitor every first visit and crawl is (a hit after warm-up); "miss" rows add a unique
 * query parameter to every request, so each one renders from D1 and stores a copy; "bypass" rows
 * carry a cookie, so they render as a shopper with a cart or an admin would, never touching the cache.
 */
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { getPlatformProxy } from "wrangler";
import { createDb, type Db } from "../app/server/load-context";
import { listingQueries } from "../app/features/listings/listings.server";
import { countWithNoResultsHelp, suggestionQueries } from "../app/features/search/search.server";
import { quietWranglerEnv } from "./env";
import { startLocalWorker } from "./local-worker";
import { portForScript } from "./port";
import {
  alternate,
  COMPARISON_HEADER,
  compareDirFrom,
  compareMetric,
  comparisonLine,
  compareVariants,
  loadAverage,
  mean,
  startVariant,
  workerCpuMs,
  type Comparison,
  type RunningVariant,
  type Variant,
} from "./compare";
import { FIRST_VISIT_JS_BUDGET, firstVisitModules, firstVisitStylesheets } from "./first-visit";
import { adminHeaders, PHOTO_ACCEPT, photoProduct } from "./owner-steps";
import { prepareLocal } from "./prepare-local";
import { NO_FILTERS } from "../app/features/shop-filters/shop-filters";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index > -1 ? Number(args[index + 1]) : fallback;
};

const smoke = flag("smoke");
const generated = option("products", 0);
const duration = option("duration", smoke ? 1 : 10);
const connections = option("connections", smoke ? 2 : 10);
// A free port unless --port names one (which must be free: a busy port fails at once).
const port = await portForScript(args, "Run it with another --port, or without --port to take a free one.");
const origin = `http://127.0.0.1:${port}`;
// Workers Assets serves floor.html at /__bench/floor (html_handling: auto-trailing-slash).
const FLOOR_PATH = "/__bench/floor";
/** What a shopper types: a word prefix the catalogue and the generated products both hold many names for. */
const SUGGEST_PATH = "/search?q=gel";
const SHOP_SEARCH_PATH = "/shop?search=gelato";

type CacheMode = "hit" | "miss" | "bypass";

interface PageResult {
  name: string;
  path: string;
  mode?: CacheMode;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests completed in the measurement. */
  requests: number;
  ratio?: number;
  htmlBytes?: number;
  serverTiming?: { d1: number; render: number; renderMean: number; roundTrips: number };
  firstVisit?: { jsGzip: number; cssGzip: number; renderBlocking: number };
}

/** A 3-line cart, added through the real /cart action. */
async function cartCookie(origin: string, productIds: number[]): Promise<string> {
  let cookie = "";
  for (const id of productIds) {
    const response = await fetch(`${origin}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
      body: new URLSearchParams({ intent: "add", productId: String(id) }),
    });
    const setCookies = response.headers.getSetCookie().filter((c) => c.startsWith("cannabis-cart="));
    if (setCookies.length) cookie = setCookies[setCookies.length - 1]!.split(";")[0]!;
    await response.arrayBuffer();
  }
  return cookie;
}

/** Products from the sitemap: ids for the cart, and the first product's canonical path (a bare id answers 301). */
async function catalogueProducts(origin: string): Promise<{ ids: number[]; firstPath: string }> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text().catch(() => "");
  const found = [...sitemap.matchAll(/\/product\/((\d+)(?:-[a-z0-9-]+)?)</g)];
  if (found.length < 3) throw new Error("bench: the sitemap lists fewer than 3 products");
  return { ids: found.map((match) => Number(match[2])), firstPath: `/product/${found[0]![1]}` };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

async function serverTimingMedians(origin: string, path: string, headers: Record<string, string>, samples: number) {
  const d1: number[] = [];
  const render: number[] = [];
  const trips: number[] = [];
  for (let i = 0; i < samples; i++) {
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    const header = response.headers.get("Server-Timing") ?? "";
    d1.push(Number(/d1;dur=([\d.]+)/.exec(header)?.[1] ?? NaN));
    render.push(Number(/render;dur=([\d.]+)/.exec(header)?.[1] ?? NaN));
    trips.push(Number(/desc="(\d+) round trips"/.exec(header)?.[1] ?? NaN));
  }
  // workerd's clock moves in whole milliseconds: the mean of the samples resolves what their median cannot.
  const renderMean = render.reduce((sum, v) => sum + v, 0) / render.length;
  return { d1: median(d1), render: median(render), renderMean, roundTrips: Math.max(...trips) };
}

/** What a first visit downloads (scripts/first-visit.ts): the page's modules and stylesheets, gzipped. */
async function firstVisitAssets(html: string) {
  const scripts = firstVisitModules(html);
  const styles = firstVisitStylesheets(html);
  const size = async (path: string) => gzipSync(Buffer.from(await (await fetch(new URL(path, origin))).arrayBuffer())).length;
  let jsGzip = 0;
  for (const path of scripts) jsGzip += await size(path);
  let cssGzip = 0;
  for (const path of styles) cssGzip += await size(path);
  // Render-blocking: stylesheets and classic scripts in <head> without async/defer/module.
  const head = html.split("</head>")[0] ?? "";
  const blockingScripts = [...head.matchAll(/<script(?![^>]*(type="module"|async|defer))[^>]*src=/g)].length;
  return { jsGzip, cssGzip, renderBlocking: styles.length + blockingScripts };
}

/** Every request of a "miss" row gets its own query parameter: a new key, rendered and stored. */
function uniquePaths(path: string): autocannon.Request[] {
  let n = 0;
  const separator = path.includes("?") ? "&" : "?";
  return [
    { method: "GET", setupRequest: (request) => ({ ...request, path: `${path}${separator}bench-miss=${++n}-${process.hrtime.bigint()}` }) },
  ];
}

/**
 * Seconds of the same load, discarded, before each measured row: every row is measured in the
 * steady state (connections open, the isolate's code hot under concurrency), not its ramp-up.
 */
const WARMUP_SECONDS = smoke ? 0 : 2;

async function measure(
  origin: string,
  name: string,
  path: string,
  headers: Record<string, string> = {},
  mode?: CacheMode,
): Promise<PageResult> {
  const load = (seconds: number) =>
    autocannon({
      url: `${origin}${path}`,
      connections,
      duration: seconds,
      headers,
      ...(mode === "miss" ? { requests: uniquePaths(path) } : {}),
    });
  if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
  const result = await load(duration);
  return {
    name,
    path,
    mode,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** Every statement a search sends to D1, for a few terms (short, word, phrase, no result). */
function searchStatements(db: Db) {
  const statements: Array<{ label: string; query: { toSQL(): { sql: string; params: unknown[] } } }> = [];
  for (const term of ["ge", "gel", "gelato", "indica gummies", "gelatto"]) {
    for (const [label, activeOnly] of [
      ["shop", true],
      ["admin", false],
    ] as const) {
      const { countQuery, rowsQuery } = listingQueries(db, { ...NO_FILTERS, search: term, sort: "relevance", activeOnly });
      statements.push({ label: `${label} count "${term}"`, query: countWithNoResultsHelp(db, countQuery, term) });
      statements.push({ label: `${label} rows "${term}"`, query: rowsQuery(2) });
    }
    statements.push({ label: `suggestions "${term}"`, query: suggestionQueries(db, term).productsQuery });
  }
  return statements;
}

/**
 * EXPLAIN QUERY PLAN of every search statement on this database: the FTS index must drive each
 * one, products read by id (no `SCAN products`). Terms under 3 characters on /shop match names by
 * the short-term path, which reads the name index (never the table).
 */
async function searchPlans(persistTo: string) {
  const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
  try {
    const db = createDb(proxy.env.DB);
    const failures: string[] = [];
    const statements = searchStatements(db);
    for (const { label, query } of statements) {
      const { sql, params } = query.toSQL();
      const { results } = await proxy.env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const detail = results.map((row) => row.detail);
      const shortPath = label.includes('"ge"') && !label.startsWith("suggestions");
      const nameIndexOnly = (line: string) => shortPath && line === "SCAN products USING COVERING INDEX products_name_idx";
      const scans = detail.filter((line) => /^SCAN products\b/.test(line) && !nameIndexOnly(line));
      const usesIndex = shortPath || detail.some((line) => /VIRTUAL TABLE INDEX/.test(line));
      if (scans.length > 0 || !usesIndex) failures.push(`${label}: ${detail.join(" | ")}`);
    }
    return { statements: statements.length, failures };
  } finally {
    await proxy.dispose();
  }
}

type BenchPage = [name: string, path: string, headers: Record<string, string>, mode: CacheMode | undefined];

/** An anonymous visitor who answered the age gate: the shared cache's "adult" variant. */
const ANONYMOUS = { Cookie: "age-verified=yes" };
/**
 * The same visitor as a crawler: served the same cached copy, never counted by insights
 * (decision 046), so "product (cached)" against this row is counting on against counting off.
 */
const NOT_COUNTED = { ...ANONYMOUS, "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
/** Any cookie besides the age-gate answer bypasses the cache: the render path, as today. */
const BYPASS = { Cookie: "age-verified=yes; bench=bypass" };

/** Every row of the bench, in order: the static floor first, then each page cached, on a miss and on a bypass. */
function benchPages(productPath: string, cart: string): BenchPage[] {
  const pages: BenchPage[] = [["static file (floor)", FLOOR_PATH, {}, undefined]];
  for (const [name, path] of [
    ["home", "/"],
    ["shop", "/shop"],
    ["concentrates", "/shop/concentrates"],
    ["product", productPath],
  ] as const) {
    pages.push(
      [`${name} (cached)`, path, ANONYMOUS, "hit"],
      // A cart holder shares the same copy, their badge stamped from the cookie (decision 027).
      [`${name} (cached, cart)`, path, cart ? { Cookie: `age-verified=yes; ${cart}` } : ANONYMOUS, "hit"],
      [`${name} (miss)`, path, ANONYMOUS, "miss"],
      [`${name} (bypass)`, path, BYPASS, "bypass"],
    );
  }
  // What counting a product view costs a cached page: the Queue send after the answer.
  pages.push(["product (cached, not counted)", productPath, NOT_COUNTED, "hit"]);
  // Search reads D1 every time (/search is never cached; a /shop search is measured on the render path).
  pages.push(["shop search (bypass)", SHOP_SEARCH_PATH, BYPASS, "bypass"], ["suggestions", SUGGEST_PATH, ANONYMOUS, undefined]);
  pages.push(["checkout (3-line cart)", "/checkout", cart ? { Cookie: `age-verified=yes; ${cart}` } : BYPASS, "bypass"]);
  return pages;
}

/**
 * The catalogue as CSV: the time to stream the whole export, its size, and the time of the
 * import preview of that same file (parsed, checked row by row with the product form's rules and
 * planned; nothing changes until it is confirmed).
 */
async function catalogueCsv(origin: string) {
  const admin = await adminHeaders(origin);
  let started = performance.now();
  const exported = await fetch(`${origin}/admin/catalogue.csv`, { headers: admin });
  const file = await exported.arrayBuffer();
  const exportMs = performance.now() - started;
  if (exported.status !== 200) throw new Error(`bench: the export answered ${exported.status}`);
  const form = new FormData();
  form.append("file", new File([file], "catalogue.csv", { type: "text/csv" }));
  started = performance.now();
  const preview = await fetch(`${origin}/admin/catalogue-import`, { method: "POST", body: form, headers: admin });
  const html = await preview.text();
  const previewMs = performance.now() - started;
  if (preview.status !== 200) throw new Error(`bench: the import preview answered ${preview.status}`);
  const rows = new TextDecoder().decode(file).split("\r\n").length - 2;
  return { rows, bytes: file.byteLength, exportMs, previewMs, refused: /Refused<\/dt><dd[^>]*>[1-9]/.test(html) };
}

async function benchDatabase(label: string, persistTo: string, products: number | undefined) {
  rmSync(persistTo, { recursive: true, force: true });
  await prepareLocal(persistTo, products);
  const plans = await searchPlans(persistTo);

  // The floor: the /shop document itself, served as a static file by Workers Assets.
  let worker = await startLocalWorker(port, persistTo);
  const shopHtml = await (await fetch(`${origin}/shop`)).text();
  await worker.stop();
  // A copy of the static files with the floor added: build/client itself is served by every other
  // engine running meanwhile, and a file added there reloads them (scripts/local-worker.ts).
  const assets = `${persistTo}-assets`;
  rmSync(assets, { recursive: true, force: true });
  cpSync("build/client", assets, { recursive: true });
  mkdirSync(join(assets, "__bench"), { recursive: true });
  writeFileSync(join(assets, "__bench/floor.html"), shopHtml);

  worker = await startLocalWorker(port, persistTo, { assets });
  try {
    const { ids, firstPath } = await catalogueProducts(origin);
    const cookie = await cartCookie(origin, ids.slice(0, 3));
    const pages = benchPages(firstPath, cookie);
    // The photo rows, on the built-in catalogue only: a product with two phone photos, cached as
    // any product page, and one of its variants (served from R2 or the cache) against the floor.
    // 800x600 in the smoke run: fewer sizes to make inside npm test.
    const photo = products === undefined ? await photoProduct(origin, smoke ? { width: 800, height: 600 } : undefined) : null;
    if (photo) {
      pages.push(
        ["photo product (cached)", photo.path, ANONYMOUS, "hit"],
        ["photo variant w640 (AVIF)", photo.variantPath, PHOTO_ACCEPT, undefined],
      );
    }
    // Warm up every page (module compilation, D1 page cache, and the cached rows' copies).
    for (const [, path, headers] of pages) {
      for (let i = 0; i < (smoke ? 3 : 30); i++) await (await fetch(`${origin}${path}`, { headers })).arrayBuffer();
    }
    const results: PageResult[] = [];
    for (const [name, path, headers, mode] of pages) {
      const result = await measure(origin, name, path, headers, mode);
      const response = await fetch(`${origin}${path}`, { headers });
      if (path === photo?.variantPath) {
        result.htmlBytes = (await response.arrayBuffer()).byteLength;
        results.push(result);
        continue;
      }
      const html = await response.text();
      const outcome = /cache;desc=(\w+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
      if (mode === "hit" && outcome !== "hit") throw new Error(`${name}: expected a cache hit, got ${outcome ?? "no cache header"}`);
      // The cart holder's copy carries their own badge (the 3-line cart, one of each), stamped in.
      if (name.endsWith("(cached, cart)") && cookie && !html.includes('aria-label="Cart, 3 items"')) {
        throw new Error(`${name}: the stamped badge does not say "Cart, 3 items"`);
      }
      result.htmlBytes = Buffer.byteLength(html);
      if (path !== FLOOR_PATH && mode !== "hit") {
        // Server-Timing of the render path (a hit reads nothing and renders nothing).
        result.serverTiming = await serverTimingMedians(origin, path, mode === "miss" ? BYPASS : headers, smoke ? 3 : 25);
        if (path !== SUGGEST_PATH) result.firstVisit = await firstVisitAssets(html);
      }
      results.push(result);
    }
    const floor = results[0]!.reqPerSec;
    for (const result of results) result.ratio = floor > 0 ? result.reqPerSec / floor : 0;
    const photoFacts = photo && { originalBytes: photo.originalBytes, variantsMs: photo.variantsMs, firstRequestMs: photo.firstRequestMs };
    return { label, products: products ?? "catalogue", results, plans, photo: photoFacts, csv: await catalogueCsv(origin) };
  } finally {
    await worker.stop();
    rmSync(assets, { recursive: true, force: true });
  }
}

function workerBundleGzip() {
  rmSync("dist", { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist"], { stdio: "ignore", env: quietWranglerEnv });
  let total = 0;
  for (const file of readdirSync("dist")) {
    const path = join("dist", file);
    if (statSync(path).isFile() && /\.(js|mjs|wasm|ttf)$/.test(file)) total += gzipSync(readFileSync(path)).length;
  }
  rmSync("dist", { recursive: true, force: true });
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;

function printTable(run: Awaited<ReturnType<typeof benchDatabase>>) {
  console.log(`\n## ${run.label} (${run.products} products) — ${connections} connections × ${duration}s each\n`);
  console.log("| page | cache | req/s | p50 ms | p99 ms | vs static | errors | D1 ms | D1 trips | render ms | HTML | JS gz | CSS gz |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of run.results) {
    const st = r.serverTiming;
    const fv = r.firstVisit;
    console.log(
      `| ${r.name} | ${r.mode ?? "-"} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${pct(r.ratio ?? 0)} | ${r.errors + r.non2xx} | ${st ? st.d1.toFixed(2) : "-"} | ${st ? st.roundTrips : "-"} | ${st ? st.render.toFixed(2) : "-"} | ${kb(r.htmlBytes ?? 0)} | ${fv ? kb(fv.jsGzip) : "-"} | ${fv ? kb(fv.cssGzip) : "-"} |`,
    );
  }
}

/*
 * --compare DIR: this checkout's build (A) against another checkout's build (B, e.g. a git worktree
 * with a patch removed) in ONE run (scripts/compare.ts). Each variant's Worker runs in its own
 * process from its own checkout (its wrangler.toml, aliases, node_modules and build) on its own
 * port, both up for the whole run; every row is measured --runs times per variant, alternating A,B
 * then B,A. Both serve the same floor file, and ratios divide by the mean of every floor measurement
 * of both (Workers Assets serves it before either Worker runs), so the floor's own noise is not
 * added to either side. --rows REGEX picks rows by name (default: the floor and every bypass row,
 * the render path); the floor is always measured. Prints each variant's mean and min–max per row,
 * A − B, the spread and how many paired runs A won, for req/s as a share of the floor, the CPU time
 * the variant's workerd spent per request (far less sensitive to other load on shared cores than
 * req/s) and Server-Timing render; figures, with the 1-minute load average after
 * every measurement, go to bench/results-compare.json. Ratios here are not comparable with a plain
 * run's: the Workers run in child processes and the floor is averaged over the whole run.
 */
interface Sample {
  run: number;
  reqPerSec: number;
  p50: number;
  errors: number;
  render?: number;
  renderMean?: number;
  /** CPU time of the variant's workerd per request served (scripts/compare.ts workerCpuMs). */
  cpuMsPerRequest: number;
  load: number;
}

async function compareBuilds(otherDir: string) {
  const runs = option("runs", 5);
  const rowPattern = new RegExp(args.includes("--rows") ? args[args.indexOf("--rows") + 1]! : "floor|bypass|checkout", "i");
  const [a, b] = await compareVariants(otherDir, port, args.includes("--port"), "bench-compare");
  if (!flag("no-build")) for (const v of [a, b]) execFileSync("npm", ["run", "build"], { cwd: v.dir, stdio: "inherit" });
  for (const v of [a, b]) rmSync(v.persistTo, { recursive: true, force: true });

  // The floor: A's /shop document, served as the same static file by both.
  const first = await startVariant(a);
  const shopHtml = await (await fetch(`${a.origin}/shop`)).text();
  await first.stop();
  // Written into each checkout's own build before its engine starts, not into a copy as above: a
  // compared checkout's scripts may predate startLocalWorker's `assets` option.
  for (const v of [a, b]) {
    mkdirSync(join(v.dir, "build/client/__bench"), { recursive: true });
    writeFileSync(join(v.dir, "build/client/__bench/floor.html"), shopHtml);
  }

  const samples: Record<string, Record<string, Sample[]>> = {};
  const rows: string[] = [];
  const running = new Map<Variant, RunningVariant>();
  try {
    for (const v of [a, b]) running.set(v, await startVariant(v));
    const { ids, firstPath } = await catalogueProducts(a.origin);
    const pagesOf = new Map<Variant, BenchPage[]>();
    for (const v of [a, b])
      pagesOf.set(
        v,
        benchPages(firstPath, await cartCookie(v.origin, ids.slice(0, 3))).filter(([name], i) => i === 0 || rowPattern.test(name)),
      );
    for (const [name] of pagesOf.get(a)!) rows.push(name);
    for (const v of [a, b]) {
      for (const [, path, headers] of pagesOf.get(v)!) {
        for (let i = 0; i < 30; i++) await (await fetch(`${v.origin}${path}`, { headers })).arrayBuffer();
      }
    }
    console.log(
      `\nA = ${a.name} (${a.dir}), B = ${b.name} (${b.dir}): ${rows.length} rows × ${runs} runs × 2 variants × ${duration}s, ${connections} connections\n`,
    );
    for (const [row, name] of rows.entries()) {
      samples[name] = { [a.name]: [], [b.name]: [] };
      for (let run = 0; run < runs; run++) {
        for (const v of alternate([a, b], run)) {
          const [, path, headers, mode] = pagesOf.get(v)![row]!;
          const cpuBefore = workerCpuMs(running.get(v)!, v.port);
          const result = await measure(v.origin, name, path, headers, mode);
          const cpuMs = workerCpuMs(running.get(v)!, v.port) - cpuBefore;
          const timing =
            path === FLOOR_PATH || mode === "hit"
              ? undefined
              : await serverTimingMedians(v.origin, path, mode === "miss" ? BYPASS : headers, 25);
          const sample: Sample = {
            run,
            reqPerSec: result.reqPerSec,
            p50: result.p50,
            errors: result.errors + result.non2xx,
            render: timing?.render,
            renderMean: timing?.renderMean,
            cpuMsPerRequest: cpuMs / Math.max(result.requests, 1),
            load: loadAverage(),
          };
          samples[name]![v.name]!.push(sample);
          console.log(
            `${name} · run ${run + 1}/${runs} · ${v.name}: ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms${timing ? `, render p50 ${timing.render.toFixed(2)} ms, mean ${timing.renderMean.toFixed(2)} ms` : ""}, workerd CPU ${sample.cpuMsPerRequest.toFixed(2)} ms/request (load ${sample.load.toFixed(2)})`,
          );
        }
      }
    }
  } finally {
    for (const v of [b, a]) await running.get(v)?.stop();
    for (const v of [a, b]) rmSync(join(v.dir, "build/client/__bench"), { recursive: true, force: true });
  }

  const floorName = rows[0]!;
  const floor = mean([...samples[floorName]![a.name]!, ...samples[floorName]![b.name]!].map((s) => s.reqPerSec));
  const loads = Object.values(samples).flatMap((byVariant) => Object.values(byVariant).flatMap((list) => list.map((s) => s.load)));
  const load = { min: Math.min(...loads), max: Math.max(...loads), mean: mean(loads) };
  console.log(
    `\n## A = ${a.name}, B = ${b.name}: ${runs} runs each, alternating, ${connections} connections × ${duration}s; floor ${floor.toFixed(0)} req/s; load average (1 min) ${load.min.toFixed(2)}–${load.max.toFixed(2)}, mean ${load.mean.toFixed(2)}\n`,
  );
  console.log(COMPARISON_HEADER);
  const summary: Comparison[] = [];
  const fixed = (digits: number) => (v: number) => v.toFixed(digits);
  for (const name of rows) {
    const of = (v: Variant, pick: (s: Sample) => number | undefined) => samples[name]![v.name]!.map(pick);
    const metrics: Array<[string, (s: Sample) => number | undefined, "higher" | "lower", (v: number) => string, string]> =
      name === floorName
        ? [["req/s", (s) => s.reqPerSec, "higher", fixed(0), ""]]
        : [
            ["% of static", (s) => (s.reqPerSec / floor) * 100, "higher", fixed(1), " pts"],
            ["workerd CPU ms/request", (s) => s.cpuMsPerRequest, "lower", fixed(2), ""],
            ["render p50 ms", (s) => s.render, "lower", fixed(2), ""],
            ["render mean ms", (s) => s.renderMean, "lower", fixed(2), ""],
          ];
    for (const [metric, pick, better, format, unit] of metrics) {
      const comparison = compareMetric(name, metric, of(a, pick), of(b, pick), better);
      if (!comparison) continue;
      summary.push(comparison);
      console.log(comparisonLine(comparison, format, unit));
    }
  }
  const errors = Object.values(samples)
    .flatMap((byVariant) => Object.values(byVariant).flat())
    .reduce((n, s) => n + s.errors, 0);
  if (errors) console.log(`\n${errors} errors or non-2xx responses: the figures above are suspect.`);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/results-compare.json",
    JSON.stringify(
      { date: new Date().toISOString(), connections, duration, runs, floor, load, variants: { A: a, B: b }, summary, samples },
      null,
      2,
    ),
  );
  console.log("\nFigures written to bench/results-compare.json");
  if (errors) process.exit(1);
}

const compareDir = compareDirFrom(args);
if (compareDir) {
  await compareBuilds(compareDir);
  process.exit(0);
}

if (!flag("no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

const runs = [await benchDatabase("built-in catalogue", `.wrangler/bench-catalogue-${port}`, undefined)];
if (generated) runs.push(await benchDatabase(`${generated} generated products`, `.wrangler/bench-${generated}-${port}`, generated));
const bundleGzip = workerBundleGzip();

for (const run of runs) printTable(run);
console.log(`\nWorker bundle (wrangler deploy --dry-run, gzipped): ${kb(bundleGzip)}`);

const byName = (run: (typeof runs)[number], name: string) => run.results.find((r) => r.name === name)!;
const base = runs[0]!;
/**
 * The render path's ratio before cart holders were cached: we measured checkout with a 3-line
 * cart at 19-20% of the static file and asks that it get no slower. (One run on main at 340a782 had
 * read 22%; single runs of this row spread by 3-4 points, so the issue's own figure is the bar.)
 */
const BYPASS_RATIO_BEFORE_CACHE = 0.19;
/** The target for a cached page without a cart (decision 017 had asked 70%). */
const CACHED_RATIO = 0.85;
const cachedTarget = (name: string, label: string): [string, boolean, string] => {
  const ratio = byName(base, `${name} (cached)`).ratio ?? 0;
  return [`cached ${label} ≥ ${pct(CACHED_RATIO)} of the static file's req/s`, ratio >= CACHED_RATIO, pct(ratio)];
};
const cartTarget = (name: string, label: string): [string, boolean, string] => {
  const ratio = byName(base, `${name} (cached, cart)`).ratio ?? 0;
  return [`cached ${label} with a 3-line cart ≥ 80% of the static file's req/s`, ratio >= 0.8, pct(ratio)];
};
const firstVisitTarget = (name: string, label: string): [string, boolean, string] => {
  const js = byName(base, `${name} (miss)`).firstVisit?.jsGzip ?? Infinity;
  return [`first-visit JS ≤ 100 KB gzipped on ${label}`, js <= FIRST_VISIT_JS_BUDGET, kb(js)];
};
const photoVariant = base.results.find((result) => result.name.startsWith("photo variant"));
/** Counting a view may cost a cached product page at most a tenth of its req/s (decision 046). */
const countingRatio = byName(base, "product (cached)").reqPerSec / Math.max(byName(base, "product (cached, not counted)").reqPerSec, 1);
const verdicts: [string, boolean, string][] = [
  cachedTarget("home", "/"),
  cachedTarget("shop", "/shop"),
  cachedTarget("concentrates", "a category page (/shop/concentrates)"),
  cachedTarget("product", "a product page"),
  cachedTarget("photo product", "the product page with two phone photos"),
  [
    "a cached product page counting its view ≥ 90% of the req/s of the same page not counted",
    countingRatio >= 0.9,
    `${pct(countingRatio)} (${byName(base, "product (cached)").reqPerSec.toFixed(0)} vs ${byName(base, "product (cached, not counted)").reqPerSec.toFixed(0)} req/s)`,
  ],
  cartTarget("home", "/"),
  cartTarget("shop", "/shop"),
  cartTarget("concentrates", "a category page (/shop/concentrates)"),
  cartTarget("product", "a product page"),
  [
    "a photo variant served from R2 or the cache ≥ 70% of the static file's req/s",
    (photoVariant?.ratio ?? 0) >= 0.7,
    `${pct(photoVariant?.ratio ?? 0)} (${kb(photoVariant?.htmlBytes ?? 0)} of AVIF for the w640 slot)`,
  ],
  [
    `bypass (checkout with a 3-line cart) ≥ ${pct(BYPASS_RATIO_BEFORE_CACHE)} of the static file's req/s (the ratio before the cache)`,
    (byName(base, "checkout (3-line cart)").ratio ?? 0) >= BYPASS_RATIO_BEFORE_CACHE,
    pct(byName(base, "checkout (3-line cart)").ratio ?? 0),
  ],
  firstVisitTarget("home", "/"),
  firstVisitTarget("shop", "/shop"),
  firstVisitTarget("concentrates", "a category page (/shop/concentrates)"),
  firstVisitTarget("product", "a product page"),
  [
    "no render-blocking request besides one CSS file (/shop)",
    (byName(base, "shop (miss)").firstVisit?.renderBlocking ?? 0) <= 1,
    String(byName(base, "shop (miss)").firstVisit?.renderBlocking),
  ],
  [
    "render time p50 < 5 ms for /shop",
    (byName(base, "shop (bypass)").serverTiming?.render ?? Infinity) < 5,
    `${byName(base, "shop (bypass)").serverTiming?.render.toFixed(2)} ms`,
  ],
  [
    "no page more than 2 D1 round trips",
    base.results.every((r) => !r.serverTiming || r.serverTiming.roundTrips <= 2),
    base.results.map((r) => r.serverTiming?.roundTrips ?? "-").join("/"),
  ],
  [
    "suggestions in at most 1 D1 round trip",
    runs.every((run) => (byName(run, "suggestions").serverTiming?.roundTrips ?? 9) <= 1),
    runs.map((run) => byName(run, "suggestions").serverTiming?.roundTrips).join("/"),
  ],
  [
    "query plans: the FTS index drives every search statement (no scan of products)",
    runs.every((run) => run.plans.failures.length === 0),
    runs
      .map((run) => `${run.plans.statements - run.plans.failures.length}/${run.plans.statements} statements (${run.products})`)
      .join(", "),
  ],
  [
    "no errors or non-2xx responses",
    runs.every((run) => run.results.every((r) => r.errors + r.non2xx === 0)),
    String(runs.reduce((n, run) => n + run.results.reduce((m, r) => m + r.errors + r.non2xx, 0), 0)),
  ],
];
if (runs[1]) {
  // Rendering at scale: the render path (bypass), which a cache hit would hide.
  const ratio = byName(runs[1], "shop (bypass)").p50 / Math.max(byName(base, "shop (bypass)").p50, 0.001);
  verdicts.push([`/shop p50 at ${generated} products ≤ 1.5× its p50 at the catalogue (render path)`, ratio <= 1.5, `${ratio.toFixed(2)}×`]);
  const suggestRatio = byName(runs[1], "suggestions").p50 / Math.max(byName(base, "suggestions").p50, 0.001);
  verdicts.push([
    `suggestions p50 at ${generated} products ≤ 1.5× its p50 at the catalogue`,
    suggestRatio <= 1.5,
    `${suggestRatio.toFixed(2)}× (${byName(runs[1], "suggestions").p50} vs ${byName(base, "suggestions").p50} ms)`,
  ]);
}
for (const run of runs) for (const failure of run.plans.failures) console.log(`plan (${run.products}): ${failure}`);

for (const run of runs) {
  const { rows, bytes, exportMs, previewMs } = run.csv;
  console.log(
    `\nCatalogue CSV (${run.products} products): export of ${rows} rows, ${kb(bytes)}, streamed in ${(exportMs / 1000).toFixed(2)} s; ` +
      `import preview of that file in ${(previewMs / 1000).toFixed(2)} s.`,
  );
}
const largest = runs.at(-1)!;
verdicts.push([
  `import preview of a ${largest.csv.rows}-row export within 10 s, nothing refused`,
  largest.csv.previewMs <= 10_000 && !largest.csv.refused,
  `${(largest.csv.previewMs / 1000).toFixed(2)} s`,
]);

if (base.photo) {
  const { originalBytes, variantsMs, firstRequestMs } = base.photo;
  console.log(
    `\nPhotos: two originals of ${kb(originalBytes)} in all; every variant made in ${(variantsMs / 1000).toFixed(1)} s by the Queue and the Images binding; ` +
      `the first request before the set was ready (a stripped copy made on request): ${firstRequestMs === null ? "not caught (the set was ready first)" : `${firstRequestMs.toFixed(0)} ms`}.`,
  );
}

console.log("\n## Targets\n");
for (const [target, pass, figure] of verdicts) console.log(`${pass ? "PASS" : "MISS"}  ${target}: ${figure}`);

mkdirSync("bench", { recursive: true });
const file = `bench/results-${smoke ? "smoke" : generated ? `${generated}` : "catalogue"}.json`;
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), connections, duration, bundleGzip, runs, verdicts }, null, 2));
console.log(`\nFigures written to ${file}`);
// The smoke run (part of npm test) only proves the bench works end to end: every page answered.
if (smoke && !verdicts.find(([target]) => target.startsWith("no errors"))?.[1]) process.exit(1);
