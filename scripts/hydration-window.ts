/**
 * npm run bench:hydration [-- --compare DIR] [--runs 5] [--port N] [--no-build]
 *
 * How long a first visit shows a page that does not yet answer as the app: on a throttled phone
 * profile (Chrome DevTools Protocol: CPU 4x slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT;
 * a 412×823 touch screen), fresh browser context per visit (empty cache), it times from the first
 * contentful paint — and on the product page from the first paint that can show its quantity field
 * or Add to Cart button (the later of FCP and the first frame laying it out) — to `<html data-hydrated>` (app/root.tsx sets it once React has
 * hydrated). In that window a tap lands on the server's HTML (forms post without JavaScript) and
 * anything that needs React does nothing yet. Pages: /, /shop and the first product of the sitemap.
 *
 * Also per visit: LCP, when the first JavaScript module was requested and when the last one
 * arrived, and the JavaScript transferred until hydration; and per page, once, the first-visit
 * JavaScript as the bench counts it (scripts/first-visit.ts, gzipped).
 *
 * With --compare DIR, this checkout's build (A) and DIR's (B) run side by side (scripts/compare.ts),
 * every visit alternated A,B then B,A, and each metric is printed as A's and B's mean and min–max,
 * A − B and the spread. Chromium runs without paint holding, as in bench:lighthouse (in headless
 * software compositing it holds a first frame to ~1 s ticks). The 1-minute load average is printed
 * with the figures; the machine's cores are shared. Figures go to bench/results-hydration.json.
 */
import { chromium, type Browser } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import {
  alternate,
  buildFresh,
  compareDirFrom,
  compareVariants,
  loadAverage,
  loadRange,
  mean,
  printComparisons,
  startVariant,
  warmPage,
  type Comparison,
  type SampleMetric,
  type Variant,
} from "./compare";
import { CHROMIUM, ensureChromium, MEASURING_CHROMIUM_ARGS } from "./ensure-chromium";
import { firstVisitModules } from "./first-visit";
import { portForScript } from "./port";

const args = process.argv.slice(2);
const runsIndex = args.indexOf("--runs");
const RUNS = runsIndex > -1 ? Number(args[runsIndex + 1]) : 5;
const port = await portForScript(args, "Run it with another --port, or without --port to take a free one.");
const compareDir = compareDirFrom(args);

/** Lighthouse's mobile profile, applied through the DevTools protocol (Playwright has no throttling of its own). */
const PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};
/** The product page's first controls: the quantity field, or the Add to Cart button when out of stock. */
const PRODUCT_CONTROL = '#quantity-main, form[aria-label^="Add "] button[type="submit"]';
const VISIT_TIMEOUT = 120_000;

interface Visit {
  fcp: number;
  lcp?: number;
  /** First paint that can show the product control: the later of FCP and the first frame laying it out (product page only). */
  control?: number;
  /** Whether the control was inside the first screen (1) or below it (0). */
  controlInViewport?: number;
  hydrated: number;
  windowFromFcp: number;
  windowFromControl?: number;
  firstModuleRequest?: number;
  lastModuleEnd?: number;
  jsTransferKb: number;
  load: number;
}

/**
 * Runs in the page before any of its scripts: timestamps (ms since navigation start) of the first
 * contentful paint, the last LCP candidate, the first frame showing the product control, and the
 * moment `data-hydrated` appears on <html>. (A string: tsx's transform may name functions with a
 * helper the page does not have.)
 */
const recorder = (controlSelector: string | null) => `(() => {
  const marks = (window.__hydrationWindow = {});
  // The script runs before the document has an <html> element: watch the whole document.
  new MutationObserver(() => {
    if (marks.hydrated === undefined && document.documentElement?.hasAttribute("data-hydrated")) marks.hydrated = performance.now();
  }).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") marks.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    if (entries.length) marks.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const selector = ${JSON.stringify(controlSelector)};
  if (selector) {
    const frame = () => {
      const control = document.querySelector(selector);
      const box = control && control.getBoundingClientRect();
      if (box && box.height > 0) {
        marks.control = performance.now();
        marks.controlInViewport = box.top < innerHeight ? 1 : 0;
      }
      else if (marks.hydrated === undefined) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
})();`;

async function visit(browser: Browser, origin: string, path: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The visitor has passed the 21+ age gate.
    await context.addCookies([{ name: "age-verified", value: "yes", url: origin }]);
    await context.addInitScript({ content: recorder(path.startsWith("/product/") ? PRODUCT_CONTROL : null) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    await page.goto(`${origin}${path}`, { waitUntil: "commit", timeout: VISIT_TIMEOUT });
    // Polled from outside every 250 ms: nothing runs in the page's frames but the recorder.
    await page.waitForFunction(
      () => (window as unknown as { __hydrationWindow?: Record<string, number> }).__hydrationWindow?.hydrated !== undefined,
      null,
      {
        polling: 250,
        timeout: VISIT_TIMEOUT,
      },
    );
    const result = await page.evaluate(() => {
      const marks = (window as unknown as { __hydrationWindow: Record<string, number> }).__hydrationWindow;
      const modules = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname) && entry.startTime <= marks.hydrated!,
      );
      return {
        marks,
        firstModuleRequest: modules.length ? Math.min(...modules.map((m) => m.startTime)) : undefined,
        lastModuleEnd: modules.length ? Math.max(...modules.map((m) => m.responseEnd)) : undefined,
        jsTransfer: modules.reduce((sum, m) => sum + m.transferSize, 0),
      };
    });
    const { fcp, lcp, hydrated } = result.marks;
    // The frame that lays the control out may come before the first contentful paint (text waits
    // for its font): it is visible at the later of the two.
    const control = result.marks.control === undefined || fcp === undefined ? undefined : Math.max(result.marks.control, fcp);
    if (fcp === undefined || hydrated === undefined)
      throw new Error(`${origin}${path}: no first contentful paint or no hydration recorded`);
    return {
      fcp,
      lcp,
      control,
      controlInViewport: result.marks.controlInViewport,
      hydrated,
      windowFromFcp: hydrated - fcp,
      windowFromControl: control === undefined ? undefined : hydrated - control,
      firstModuleRequest: result.firstModuleRequest,
      lastModuleEnd: result.lastModuleEnd,
      jsTransferKb: result.jsTransfer / 1024,
      load: loadAverage(),
    };
  } finally {
    await context.close();
  }
}

/** First-visit JavaScript as the bench counts it: the modules the page's HTML boots, gzipped. */
async function firstVisitJsKb(origin: string, path: string) {
  const html = await (await fetch(`${origin}${path}`, { headers: { Cookie: "age-verified=yes" } })).text();
  let total = 0;
  for (const module of firstVisitModules(html))
    total += gzipSync(Buffer.from(await (await fetch(new URL(module, origin))).arrayBuffer())).length;
  return total / 1024;
}

async function productPath(origin: string) {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text().catch(() => "");
  return `/product/${/\/product\/(\d+(?:-[a-z0-9-]+)?)</.exec(sitemap)?.[1] ?? 1}`;
}

ensureChromium();
const variants: Variant[] = compareDir
  ? await compareVariants(compareDir, port, args.includes("--port"), "hydration")
  : [
      {
        name: "A",
        dir: process.cwd(),
        port,
        origin: `http://127.0.0.1:${port}`,
        persistTo: `${process.cwd()}/.wrangler/hydration-${port}`,
      },
    ];
buildFresh(variants, args);

const visits: Record<string, Record<string, Visit[]>> = {};
const firstVisitJs: Record<string, Record<string, number>> = {};
const stops: Array<() => Promise<void>> = [];
let browser: Browser | undefined;
let pages: string[] = [];
try {
  for (const v of variants) stops.push((await startVariant(v)).stop);
  pages = ["/", "/shop", await productPath(variants[0]!.origin)];
  for (const path of pages) {
    visits[path] = Object.fromEntries(variants.map((v) => [v.name, []]));
    firstVisitJs[path] = {};
    for (const v of variants) {
      firstVisitJs[path]![v.name] = await firstVisitJsKb(v.origin, path);
      await warmPage(`${v.origin}${path}`);
    }
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: MEASURING_CHROMIUM_ARGS,
  });
  for (let run = 0; run < RUNS; run++) {
    for (const path of pages) {
      for (const v of variants.length === 2 ? alternate([variants[0]!, variants[1]!], run) : variants) {
        const result = await visit(browser, v.origin, path);
        visits[path]![v.name]!.push(result);
        console.log(
          `${path} · run ${run + 1}/${RUNS} · ${v.name}: FCP ${result.fcp.toFixed(0)}${result.control === undefined ? "" : `, control ${result.control.toFixed(0)}`}, hydrated ${result.hydrated.toFixed(0)} → window ${result.windowFromFcp.toFixed(0)} ms (first module requested at ${result.firstModuleRequest?.toFixed(0) ?? "-"}, JS ${result.jsTransferKb.toFixed(1)} KB; load ${result.load.toFixed(2)})`,
        );
      }
    }
  }
} finally {
  await browser?.close();
  for (const stop of stops.reverse()) await stop();
}

const metrics: SampleMetric<Visit>[] = [
  ["FCP ms", (v) => v.fcp, "lower", 0],
  ["LCP ms", (v) => v.lcp, "lower", 0],
  ["control visible ms", (v) => v.control, "lower", 0],
  ["hydrated ms", (v) => v.hydrated, "lower", 0],
  ["window FCP → hydrated ms", (v) => v.windowFromFcp, "lower", 0],
  ["window control → hydrated ms", (v) => v.windowFromControl, "lower", 0],
  ["first module requested ms", (v) => v.firstModuleRequest, "lower", 0],
  ["last module arrived ms", (v) => v.lastModuleEnd, "lower", 0],
  ["JS transferred KB", (v) => v.jsTransferKb, "lower", 1],
];
const loads = Object.values(visits).flatMap((byVariant) => Object.values(byVariant).flatMap((list) => list.map((v) => v.load)));
const load = loadRange(loads);
console.log(
  `\n## Hydration window: phone profile (CPU ${PHONE.cpuSlowdown}x, ${PHONE.latencyMs} ms RTT, 1.6 Mbit/s), ${RUNS} visits per page${variants.length === 2 ? " per variant, alternating" : ""}; load average (1 min) ${load.min.toFixed(2)}–${load.max.toFixed(2)}, mean ${load.mean.toFixed(2)}\n`,
);
let summary: Comparison[] = [];
if (variants.length === 2) {
  const [a, b] = variants as [Variant, Variant];
  console.log(`A = ${a.name} (${a.dir}), B = ${b.name} (${b.dir})\n`);
  summary = printComparisons(pages, metrics, visits, [a, b]);
  const inFirstScreen = (path: string, v: Variant) => {
    const seen = visits[path]![v.name]!.filter((visit) => visit.controlInViewport !== undefined);
    return seen.length ? `${seen.filter((visit) => visit.controlInViewport === 1).length}/${seen.length}` : "-";
  };
  console.log(
    "\n| page | first-visit JS gz (A) | first-visit JS gz (B) | control in the first screen (A) | (B) |\n|---|---:|---:|---:|---:|",
  );
  for (const path of pages) {
    console.log(
      `| ${path} | ${firstVisitJs[path]![a.name]!.toFixed(1)} KB | ${firstVisitJs[path]![b.name]!.toFixed(1)} KB | ${inFirstScreen(path, a)} | ${inFirstScreen(path, b)} |`,
    );
  }
} else {
  const [only] = variants as [Variant];
  console.log("| page | metric | mean (min–max) |\n|---|---|---:|");
  for (const path of pages) {
    for (const [metric, pick, , digits] of metrics) {
      const values = visits[path]![only.name]!.map(pick).filter((v): v is number => v !== undefined);
      if (values.length)
        console.log(
          `| ${path} | ${metric} | ${mean(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}) |`,
        );
    }
    console.log(`| ${path} | first-visit JS gz | ${firstVisitJs[path]![only.name]!.toFixed(1)} KB |`);
  }
}
mkdirSync("bench", { recursive: true });
writeFileSync(
  "bench/results-hydration.json",
  JSON.stringify({ date: new Date().toISOString(), phone: PHONE, runs: RUNS, load, variants, firstVisitJs, summary, visits }, null, 2),
);
console.log("\nFigures written to bench/results-hydration.json");
process.exit(0);
