/**
 * npm run test:load [-- --smoke] — a mix of public pages and cart posts with autocannon against the
 * built Worker (wrangler's local engine, its own local state, no DevTools attached): 50 connections
 * for 30 s after a 30 s warm-up with the same mix (the smoke: 10 connections, 5 s after 2 s).
 * Throughout, an attacker sends one chunked (no Content-Length) 70 KB form post a second to the public
 * forms (one such post used to leave wrangler's engine answering nothing); a signed-in attacker
 * sends a 200 KB text file as a PNG a second (refused 415); and one more visitor asks for /Shop in mixed
 * case over and over (a page or a redirect is a good answer).
 * Passes when there are no errors, no 4xx/5xx, every attacker post got its 413, every upload its 415,
 * the mixed-case visitor only 2xx/3xx, and the Worker's live heap after the run is within 20% of its
 * live heap after warm-up and under half of a deployed isolate's 128 MB (the full run only). Prints
 * the figures, the engine's resident memory among them.
 */
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { asc, eq } from "drizzle-orm";
import { catalogue } from "../db/catalogue";
import { productPath } from "../app/features/catalogue/product-path";
import { chunkedPost, type ChunkedAnswer } from "./chunked-post";
import { devAdminCookie } from "./dev-admin";
import { startLocalWorker, workerdMemoryKiB } from "./local-worker";
import { freePort, portForScript } from "./port";
import { connectWorkerHeap } from "./worker-heap";
import { prepareLocal } from "./prepare-local";
import { createDb } from "../app/server/load-context";
import { products, productSizes } from "../db/schema";
import { sizeWriteStatements } from "../app/features/catalogue/sizes.server";
import { quietWranglerEnv } from "./env";

const smoke = process.argv.includes("--smoke");
const connections = smoke ? 10 : 50;
const duration = smoke ? 5 : 30;
// Module-level state (the settings, the page cache's keys) fills under the first requests; the
// Worker's heap is judged from after a warm-up with the same mix.
const warmUp = smoke ? 2 : 30;
const LIVE_HEAP_CEILING = 64 * 1024 * 1024;
// A free port unless --port names one (which must be free: a busy port fails at once, never hangs).
const port = await portForScript(process.argv, "Run it with another --port, or without --port to take a free one.");
const persistTo = `.wrangler/load-${port}`;

if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
rmSync(persistTo, { recursive: true, force: true });
await prepareLocal(persistTo);

/**
 * A product sold in four sizes, as the owner's form saves one: its first size keeps its id.
 * The load then reads its page, adds its sizes to carts and filters the shop by a price only its
 * dearer sizes are in.
 */
async function sizedProduct() {
  Object.assign(process.env, quietWranglerEnv);
  const proxy = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } });
  try {
    const db = createDb(proxy.env.DB);
    const [product] = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(1);
    if (!product) throw new Error("load: no active product to sell in sizes");
    const [first] = await db.select().from(productSizes).where(eq(productSizes.productId, product.id)).orderBy(asc(productSizes.position));
    const size = (label: string, factor: number, stock: number | null) => ({
      label,
      priceCents: product.priceCents * factor,
      compareAtCents: null,
      sku: null,
      stock,
      tiers: null,
    });
    await db.batch(
      sizeWriteStatements(db, product.id, [
        { ...size("1/8 oz", 1, null), id: first?.id },
        size("1/4 oz", 2, 40),
        size("1/2 oz", 4, 3),
        size("1 oz", 8, 0),
      ]),
    );
    const sizes = await db.select().from(productSizes).where(eq(productSizes.productId, product.id)).orderBy(asc(productSizes.position));
    return { id: product.id, path: productPath(product), sizeIds: sizes.map((row) => row.id), priceCents: product.priceCents };
  } finally {
    await proxy.dispose();
  }
}
const sized = await sizedProduct();
console.log(`In the mix: ${sized.path}, sold in 4 sizes (sizes ${sized.sizeIds.join(", ")}).`);
const inspectorPort = await freePort();
const worker = await startLocalWorker(port, persistTo, { inspectorPort });

let failed = false;
try {
  const { origin } = worker;
  const heap = await connectWorkerHeap(inspectorPort);
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const headers = { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" };
  const requests: autocannon.Request[] = [
    { method: "GET", path: "/" },
    { method: "GET", path: "/shop" },
    { method: "GET", path: "/shop?category=concentrates&sort=price-asc" },
    { method: "GET", path: "/shop/concentrates" },
    // The first seeded product at its canonical URL (a bare /product/1 answers 301).
    { method: "GET", path: productPath({ id: 1, name: catalogue[0]!.name! }) },
    { method: "POST", path: "/cart", headers, body: form({ intent: "add", productId: "2" }) },
    { method: "GET", path: "/checkout" },
    { method: "POST", path: "/cart", headers, body: form({ intent: "add", productId: "3" }) },
    { method: "GET", path: "/faq" },
    // A product sold in sizes: its page, a size added (one tracked, one of three left), and a price range
    // only its dearer sizes are in (the listing reads its sizes).
    { method: "GET", path: sized.path },
    {
      method: "POST",
      path: "/cart",
      headers,
      body: form({ intent: "add", productId: String(sized.id), sizeId: String(sized.sizeIds[1]) }),
    },
    {
      method: "POST",
      path: "/cart",
      headers,
      body: form({ intent: "add", productId: String(sized.id), sizeId: String(sized.sizeIds[2]) }),
    },
    { method: "GET", path: "/shop?price=100-500" },
  ];
  const run = (seconds: number) => autocannon({ url: origin, connections, duration: seconds, requests });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
  const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

  // The chunked attacker: one 70 KB post a second, to each public form in turn, for the whole run.
  const attackPaths = ["/contact", "/cart", "/age-gate", "/admin"];
  const attacks: Promise<ChunkedAnswer>[] = [];
  const attacker = setInterval(() => {
    attacks.push(chunkedPost({ origin, path: attackPaths[attacks.length % attackPaths.length]!, bytes: 70_000 }));
  }, 1000);

  // The refused-upload attacker: one 200 KB text file sent as a PNG a second, signed in (answered 415
  // after a peek at its first bytes; the rest must still be read, or the next visitor gets a 503).
  const adminCookie = await devAdminCookie(origin);
  const uploads: Promise<ChunkedAnswer>[] = [];
  const uploader = setInterval(() => {
    uploads.push(
      chunkedPost({
        origin,
        path: "/admin/uploads/image",
        method: "PUT",
        declareLength: true,
        bytes: 200 * 1024,
        headers: { Cookie: adminCookie, "Content-Type": "image/png" },
      }),
    );
  }, 1000);

  // A visitor who types addresses in mixed case: a page or a redirect to the lowercase address.
  const mixedCase: string[] = [];
  let visiting = true;
  const mixedCaseVisitor = (async () => {
    while (visiting) {
      try {
        const response = await fetch(`${origin}/Shop`, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        mixedCase.push(String(response.status));
      } catch (error) {
        mixedCase.push(error instanceof Error ? error.message : String(error));
      }
    }
  })();

  const warmResult = await run(warmUp);
  await settle();
  const warm = workerdMemoryKiB(port);
  const warmHeap = await heap.liveBytes();
  const result = await run(duration);
  clearInterval(attacker);
  clearInterval(uploader);
  visiting = false;
  const attacked = await Promise.all(attacks);
  const uploaded = await Promise.all(uploads);
  await mixedCaseVisitor;
  await settle();
  const after = workerdMemoryKiB(port);
  const afterHeap = await heap.liveBytes();
  heap.close();

  const growth = (afterHeap - warmHeap) / warmHeap;
  const fiveXX = result["5xx"] + warmResult["5xx"];
  console.log(`\n## Load: ${connections} connections × ${duration}s after a ${warmUp}s warm-up, mixed pages and cart posts\n`);
  console.log(
    `requests: ${result.requests.total}  req/s: ${result.requests.average.toFixed(0)}  p50: ${result.latency.p50} ms  p99: ${result.latency.p99} ms`,
  );
  console.log(
    `2xx: ${result["2xx"]}  3xx: ${result["3xx"]}  4xx: ${result["4xx"]}  5xx: ${result["5xx"]}  errors: ${result.errors}  timeouts: ${result.timeouts}`,
  );
  console.log(`warm-up: ${warmResult.requests.total} requests, 5xx: ${warmResult["5xx"]}, errors: ${warmResult.errors}`);
  const refused = attacked.filter((answer) => answer.status === 413).length;
  const slowest = Math.max(0, ...attacked.map((answer) => answer.ms));
  console.log(`chunked 70 KB attacker: ${attacked.length} posts, ${refused} answered 413, slowest answer ${slowest} ms`);
  for (const answer of attacked.filter((answer) => answer.status !== 413)) {
    console.log(`  attacker post answered ${answer.status ?? answer.error} after ${answer.ms} ms: ${answer.body.slice(0, 200)}`);
  }
  const uploadsRefused = uploaded.filter((answer) => answer.status === 415).length;
  console.log(`refused-upload attacker: ${uploaded.length} uploads, ${uploadsRefused} answered 415`);
  for (const answer of uploaded.filter((answer) => answer.status !== 415)) {
    console.log(`  upload answered ${answer.status ?? answer.error} after ${answer.ms} ms: ${answer.body.slice(0, 200)}`);
  }
  const mixedCaseGood = mixedCase.filter((answer) => /^[23]\d\d$/.test(answer)).length;
  const mixedCaseBad = [...new Set(mixedCase.filter((answer) => !/^[23]\d\d$/.test(answer)))];
  console.log(
    `mixed-case visitor (GET /Shop): ${mixedCase.length} requests, ${mixedCaseGood} answered 2xx/3xx${mixedCaseBad.length ? `; others: ${mixedCaseBad.join(", ")}` : ""}`,
  );
  console.log(
    `Worker's live heap after warm-up: ${mib(warmHeap / 1024)}, after the run: ${mib(afterHeap / 1024)} (${(growth * 100).toFixed(1)}%)`,
  );
  console.log(
    `engine's resident memory (not judged): the process running the Worker ${mib(warm.worker)} → ${mib(after.worker)}, wrangler's dev proxy ${mib(warm.proxy)} → ${mib(after.proxy)}`,
  );
  const checks: [string, boolean][] = [
    ["no errors or timeouts", result.errors + warmResult.errors === 0 && result.timeouts + warmResult.timeouts === 0],
    ["no 5xx", fiveXX === 0],
    ["no 4xx (every request in the mix is valid)", result["4xx"] + warmResult["4xx"] === 0],
    ["every chunked attacker post answered 413", attacked.length > 0 && refused === attacked.length],
    ["every refused upload answered 415", uploaded.length > 0 && uploadsRefused === uploaded.length],
    ["the mixed-case visitor always answered 2xx/3xx", mixedCase.length > 0 && mixedCaseGood === mixedCase.length],
    // Five seconds is too short for the heap to settle: the smoke reports it, the full run judges it.
    ...(smoke
      ? []
      : ([
          ["the Worker's live heap within 20% of warm-up", Math.abs(growth) <= 0.2],
          ["the Worker's live heap under 64 MiB", afterHeap < LIVE_HEAP_CEILING],
        ] as [string, boolean][])),
  ];
  for (const [label, pass] of checks) console.log(`${pass ? "PASS" : "FAIL"}  ${label}`);
  failed = checks.some(([, pass]) => !pass);
  console.log(`\n${checks.filter(([, p]) => p).length} passed, ${checks.filter(([, p]) => !p).length} failed`);
} finally {
  await worker.stop();
}
process.exit(failed ? 1 : 0);
