import { chromium } from "@playwright/test";
const origin = "http://127.0.0.1:8861";
const out = "/work/shots/truth2";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const signIn = await fetch(`${origin}/admin`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin }, body: new URLSearchParams({ username: "admin", password: "dev-password" }) });
const cookies = signIn.headers.getSetCookie().map((c) => { const [nv] = c.split(";"); const i = nv.indexOf("="); return { name: nv.slice(0, i), value: nv.slice(i + 1), url: origin }; });
const step = process.argv[2] ?? "all";
if (step === "all" || step === "edit") {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await admin.addCookies([...cookies, { name: "age-verified", value: "yes", url: origin }]);
  const page = await admin.newPage();
  page.setDefaultTimeout(60000);
  await page.goto(`${origin}/admin/storefront/home`);
  const group = (name) => page.locator("fieldset", { has: page.locator("legend", { hasText: name }) });
  await page.getByLabel("Trending heading").fill("Hot right now");
  await group("Category tiles").getByLabel("Title").first().fill("THIS WEEK");
  await group("Category tiles").getByLabel("Text").first().fill("Three new strains from Humboldt, in since Tuesday.");
  await group("Appointments band").getByLabel("Heading").fill("Pick up in Portland");
  await group("Appointments band").getByLabel("Text").fill("Message us to meet at our studio in the Pearl District");
  await group("Appointments band").getByLabel(/^Button/).fill("Arrange a pick-up");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.waitForLoadState("networkidle");
  await page.goto(`${origin}/admin/storefront/policies`);
  await group("Privacy").getByLabel("Text").fill("## What we keep\nYour cart lives in your own browser. We keep no account, no address and no order: your order goes to us as a Telegram message you send.\n\n## What we never do\n- Sell or share anything about you\n- Track you across other sites");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.waitForLoadState("networkidle");
  await page.goto(`${origin}/admin/settings`);
  const form = page.locator("form", { has: page.getByLabel("Tagline") });
  await page.getByLabel("Tagline").fill("Small-batch cannabis, delivered discreetly since 2019.");
  await form.locator('button[type="submit"]').last().click();
  await page.waitForLoadState("networkidle");
  await admin.close();
}
if (step === "all" || step === "shop") {
  const shopper = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1" });
  await shopper.addCookies([{ name: "age-verified", value: "yes", url: origin }]);
  const page = await shopper.newPage();
  page.setDefaultTimeout(60000);
  for (const [name, path] of [["home-after-edits-390", "/"], ["reviews-390", "/reviews"], ["privacy-after-edits-390", "/privacy"], ["product-without-reviews-390", "/product/54-mushroom-capsules-30-ct"]]) {
    await page.goto(`${origin}${path}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  }
  for (let i = 0; i < 6; i++) await page.goto(`${origin}/product/1-runtz`);
  await shopper.close();
}
if (step === "all" || step === "spark") {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await admin.addCookies(cookies);
  const page = await admin.newPage();
  page.setDefaultTimeout(60000);
  await page.goto(`${origin}/admin/edit-product/1`);
  await page.screenshot({ path: `${out}/edit-page-sparkline-1280.png` });
  await page.locator('section[aria-labelledby="product-insights"]').screenshot({ path: `${out}/edit-page-sparkline-detail-1280.png` });
  await admin.close();
}
await browser.close();
console.log("done");
