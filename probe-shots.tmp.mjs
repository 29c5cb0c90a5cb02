import { chromium } from "@playwright/test";
const base = "http://localhost:8804";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const [,, path, width = "1280", js = "1", ...scrolls] = process.argv;
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, javaScriptEnabled: js === "1" });
await ctx.addCookies([{ name: "age-verified", value: "yes", url: base }]);
const page = await ctx.newPage();
await page.goto(`${base}/admin`);
await page.getByLabel("Username").fill("admin");
await page.getByLabel("Password").fill("dev-password");
await page.getByRole("button", { name: "Sign In" }).click();
await page.waitForURL("**/admin/dashboard");
await page.goto(`${base}${path}`);
await page.waitForLoadState("networkidle");
const ys = scrolls.length ? scrolls.map(Number) : [0];
for (const y of ys) {
  await page.evaluate((y) => window.scrollTo(0, y), y);
  await page.screenshot({ path: `test-results/probe-${width}-${y}.png` });
}
await browser.close();
