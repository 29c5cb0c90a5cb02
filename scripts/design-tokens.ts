/**
 * npm run design:tokens — renders the design tokens of app/tailwind.css (colours, type scale,
 * faces, spacing, the shared components) on one sheet with the built stylesheet and fonts, and
 * saves it as docs/design-tokens.png for docs/design.md. Nothing is served: the page is built here
 * and the build's assets are answered from disk. Run `npm run build` first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium";

const ORIGIN = "http://tokens.local";
const css = readFileSync("app/tailwind.css", "utf8");
const theme = /@theme\s*{([\s\S]*?)\n}/.exec(css)?.[1] ?? "";
const vars = new Map([...theme.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
const stylesheet = readdirSync("build/client/assets").find((name) => /^tailwind-.*\.css$/.test(name));
if (!stylesheet) throw new Error("No built stylesheet: run `npm run build` first");

const colours = [...vars].filter(([name]) => name.startsWith("color-"));
const sizes = [...vars].filter(([name]) => /^text-[a-z0-9]+$/.test(name));
const spacing = [...vars].filter(([name]) => name.startsWith("spacing"));
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/assets/${stylesheet}">
<style>
  body { margin: 0; padding: 40px; background: #fcfaf4; width: 1200px; }
  h2 { font: 600 13px/1 Inter, sans-serif; letter-spacing: .14em; text-transform: uppercase; color: #3b4a41; margin: 36px 0 14px; }
  .grid { display: grid; gap: 12px; }
  .swatch { border-radius: 14px; overflow: hidden; border: 1px solid rgb(28 42 34 / .08); background: white; font: 12px/1.4 Inter, sans-serif; color: #1c2a22; }
  .swatch div:first-child { height: 56px; }
  .swatch div:last-child { padding: 8px 10px; }
  .row { display: flex; align-items: baseline; gap: 24px; padding: 6px 0; border-bottom: 1px solid rgb(28 42 34 / .08); }
  .meta { font: 12px/1 Inter, sans-serif; color: #5d6b62; width: 180px; flex-shrink: 0; }
</style></head>
<body class="font-sans text-ink-900">
  <p class="eyebrow">Greenleaf Supply</p>
  <h1 class="heading-display" style="font-size:48px;line-height:1.05;margin:12px 0 4px">Design tokens</h1>
  <p class="text-ink-700">Fraunces (display, 500) and Inter (text, variable) · one type scale · a 4 px spacing grid · one palette. Source: app/tailwind.css.</p>

  <h2>Faces</h2>
  <div class="row"><span class="meta">--font-display</span><span class="font-display" style="font-size:40px;line-height:1.1">Premium cannabis, delivered discreetly</span></div>
  <div class="row"><span class="meta">--font-sans</span><span style="font-size:18px">Lab-tested flower, concentrates, edibles and disposables — <b style="font-weight:600">semibold 600</b>, <b style="font-weight:700">bold 700</b></span></div>

  <h2>Type scale (size / line height)</h2>
  ${sizes
    .map(([name, size]) => {
      const lineHeight = vars.get(`${name}--line-height`) ?? "";
      const face = /^(text-[3-6]xl)$/.test(name) ? "font-display" : "";
      return `<div class="row"><span class="meta">${name} · ${size} / ${lineHeight}</span><span class="${face}" style="font-size:${size};line-height:${lineHeight}">${face ? "Lab-tested, delivered" : "Lab-tested flower, delivered discreetly"}</span></div>`;
    })
    .join("")}

  <h2>Colour</h2>
  <div class="grid" style="grid-template-columns:repeat(8,1fr)">
    ${colours.map(([name, value]) => `<div class="swatch"><div style="background:${value}"></div><div><b>${name.slice("color-".length)}</b><br>${escape(value)}</div></div>`).join("")}
  </div>

  <h2>Spacing</h2>
  ${spacing
    .map(([name, value]) => {
      const width = name === "spacing" ? "0.25rem" : value;
      return `<div class="row"><span class="meta">--${name} · ${value}</span><span style="display:inline-block;height:14px;width:${width};background:#1f7a43;border-radius:4px"></span></div>`;
    })
    .join("")}

  <h2>Components</h2>
  <div style="display:flex;flex-wrap:wrap;gap:14px;align-items:center">
    <span class="eyebrow">Eyebrow</span>
    <span class="category-title" style="font-size:30px;color:#123f24">INDOORS</span>
    <a class="btn-primary">Add to Cart</a>
    <a class="btn-secondary">Contact for Bulk Orders</a>
    <a class="btn-gold">Shop now</a>
    <a class="btn-delete">Delete</a>
    <a class="btn-danger">Delete (confirm)</a>
    <span class="chip">Relaxed</span>
    <span class="card-meta"><span class="lab-badge">Lab Tested</span></span>
  </div>
  <div style="margin-top:16px;background:#123f24;border-radius:20px;padding:20px;display:flex;gap:14px;align-items:center">
    <span class="eyebrow">Eyebrow on a dark band</span><span class="font-display" style="color:#fcfaf4;font-size:30px">The same eyebrow everywhere</span>
  </div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/") return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
    const type = path.endsWith(".css") ? "text/css" : path.endsWith(".woff2") ? "font/woff2" : "application/octet-stream";
    return route.fulfill({ contentType: type, body: readFileSync(join("build/client", path)) });
  });
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: "docs/design-tokens.png", fullPage: true });
  console.log("Wrote docs/design-tokens.png");
} finally {
  await browser.close();
}
