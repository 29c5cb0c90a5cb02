import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { expectAnswer, get, postForm } from "./helpers";
import { elementsOf } from "./page-parts";

describe("the Worker serves the shop from D1", () => {
  it("lists the seeded catalogue on /shop", async () => {
    const response = await get("/shop");
    expect(response.status).toBe(200);
    const html = await response.text();
    const { results } = await env.DB.prepare("SELECT name FROM products WHERE active = 1 ORDER BY name").all<{ name: string }>();
    expect(results.length).toBeGreaterThanOrEqual(50);
    expect(results.length).toBe(catalogue.length);
    for (const { name } of results.slice(0, 5)) {
      expect(html).toContain(name.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;"));
    }
  });

  it("answers an unknown path with the 404 page", async () => {
    await expectAnswer("/no-such-page", 404, ["Oops! Page not found", "Return to Home"]);
  });
});

describe("security baseline", () => {
  it("sends a nonce-based CSP and the security headers with every page", async () => {
    const response = await get("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    // Every inline script Remix writes carries this request's nonce.
    const scripts = (await elementsOf(html, "script")).filter((script) => !("src" in script.attributes));
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes } of scripts) expect(attributes.nonce).toBe(nonce);
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("uses a fresh nonce for every request", async () => {
    const [a, b] = await Promise.all([get("/"), get("/")]);
    expect(a.headers.get("Content-Security-Policy")).not.toBe(b.headers.get("Content-Security-Policy"));
    await Promise.all([a.text(), b.text()]);
  });

  it("refuses a POST whose Origin is another site", async () => {
    const response = await postForm("/shop", { anything: "1" }, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    await response.text();
  });

  it("lets a same-origin POST through to the route", async () => {
    const response = await postForm("/no-such-page", { anything: "1" });
    expect(response.status).not.toBe(403);
    await response.text();
  });
});
