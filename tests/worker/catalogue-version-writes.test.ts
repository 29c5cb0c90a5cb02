import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { readCatalogueVersion, VERSION_WRITE_INTERVAL_MS } from "../../app/features/page-cache/page-cache.server";
import worker from "../../workers/app";
import { follow } from "./admin-helpers";
import { adminCookie, catalogueChanged, ORIGIN } from "./helpers";
import { AGE, visit, type WorkerRequest } from "./page-cache-helpers";

/**
 * Who may move the shared page cache's catalogue version (docs/decisions/035), through the real
 * Worker with the real KV binding: only a signed-in admin's write that succeeded; a burst of them
 * writes KV at most once a second; a KV that refuses the write never fails the owner's save.
 */

const KEY = "catalogue";

beforeEach(async () => {
  await catalogueChanged();
});

/** A form post to the Worker as curl sends it (no Origin unless given), its execution context left to the caller. */
function send(
  path: string,
  fields: Record<string, string>,
  { cookie, origin, bindings = env }: { cookie?: string; origin?: boolean; bindings?: Env } = {},
) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  if (origin) {
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
  }
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
  return { ctx, response: worker.fetch(request as WorkerRequest, bindings, ctx) };
}

async function post(path: string, fields: Record<string, string>, options: Parameters<typeof send>[2] = {}) {
  const { ctx, response } = send(path, fields, options);
  const answered = await response;
  const body = await answered.text();
  await waitOnExecutionContext(ctx);
  return { response: answered, body };
}

async function active(id: number) {
  return (await env.DB.prepare("SELECT active FROM products WHERE id = ?").bind(id).first<{ active: number }>())?.active;
}

const toggle = (id: number) => ({ intent: "toggle", productId: String(id), redirectTo: "/admin/products" });

/** /shop served from the cache (stored, then read back), and the version it was stored under. */
async function warmShop() {
  await visit("/shop", AGE);
  expect((await visit("/shop", AGE)).outcome).toBe("hit");
  return readCatalogueVersion(env);
}

describe("strangers cannot move the catalogue version", () => {
  it("anonymous and bad-session posts to admin actions and their .data change nothing: the next /shop is still a hit", async () => {
    const ended = await adminCookie();
    await env.DB.prepare("DELETE FROM admin_sessions").run();
    const version = await warmShop();
    const stored = await env.CATALOGUE_VERSION.get(KEY);
    const before = await active(1);
    const attempts: [string, Parameters<typeof send>[2]][] = [
      ["/admin/products", {}],
      ["/admin/products.data", {}],
      ["/admin/dashboard.data", {}],
      ["/admin/products", { cookie: "adminSession=forged-session-id" }],
      ["/admin/products", { cookie: "adminSession=forged-session-id", origin: true }],
      ["/admin/products", { cookie: ended, origin: true }],
      ["/admin/products.data", { cookie: ended, origin: true }],
    ];
    for (const [path, options] of attempts) {
      const { response } = await post(path, toggle(1), options);
      expect(response.status, `${path} ${JSON.stringify(options)}`).toBeLessThan(500);
      expect(await readCatalogueVersion(env), `${path} ${JSON.stringify(options)}`).toBe(version);
    }
    expect(await env.CATALOGUE_VERSION.get(KEY)).toBe(stored);
    expect(await active(1)).toBe(before);
    expect((await visit("/shop", AGE)).outcome).toBe("hit");
  });

  it("a signed-in admin's save moves it: the next /shop renders again", async () => {
    const version = await warmShop();
    const before = await active(2);
    const { response } = await post("/admin/products", toggle(2), { cookie: await adminCookie(), origin: true });
    expect(response.status).toBe(302);
    expect(await active(2)).not.toBe(before);
    expect(await readCatalogueVersion(env)).not.toBe(version);
    expect((await visit("/shop", AGE)).outcome).toBe("miss");
    await post("/admin/products", toggle(2), { cookie: await adminCookie(), origin: true });
  });
});

describe("a burst of saves writes KV at most once a second", () => {
  it("the first save is written at once, the rest of the second share one later write of the newest version", async () => {
    // Start a full interval after the last write (the beforeEach bump).
    await new Promise((resolve) => setTimeout(resolve, VERSION_WRITE_INTERVAL_MS));
    const cookie = await adminCookie();
    const first = await post("/admin/products", toggle(3), { cookie, origin: true });
    expect(first.response.status).toBe(302);
    const firstWrittenAt = Date.now();
    const written = await env.CATALOGUE_VERSION.get(KEY);
    expect(written).toBe(await readCatalogueVersion(env));

    // Three more saves in the same second: each moves this isolate's pages at once, none writes KV.
    const contexts: ExecutionContext[] = [];
    const seen = new Set([written]);
    for (const id of [4, 3, 4]) {
      const { ctx, response } = send("/admin/products", toggle(id), { cookie, origin: true });
      contexts.push(ctx);
      const answered = await response;
      await answered.arrayBuffer();
      expect(answered.status).toBe(302);
      const version = await readCatalogueVersion(env);
      expect(seen.has(version), "each save moves the pages").toBe(false);
      seen.add(version);
    }
    expect(Date.now() - firstWrittenAt, "the burst fits in one interval (else this test proves nothing)").toBeLessThan(
      VERSION_WRITE_INTERVAL_MS,
    );
    expect(await env.CATALOGUE_VERSION.get(KEY), "no second write within the interval").toBe(written);
    expect((await visit("/shop", AGE)).outcome, "the next shopper gets the newest catalogue at once").toBe("miss");

    // When the interval ends, one write carries the newest version.
    for (const ctx of contexts) await waitOnExecutionContext(ctx);
    const newest = await readCatalogueVersion(env);
    expect(newest).not.toBe(written);
    expect(await env.CATALOGUE_VERSION.get(KEY)).toBe(newest);
  });
});

describe("a KV that refuses the write", () => {
  it("never fails the owner's save nor hides its success", async () => {
    // The real namespace, except that every write throws (as KV does past its write rate).
    const refusing = new Proxy(env.CATALOGUE_VERSION, {
      get(target, property) {
        if (property === "put") return () => Promise.reject(new Error("KV PUT failed: 429 Too Many Requests"));
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const bindings = { ...env, CATALOGUE_VERSION: refusing };
    const before = await active(5);
    for (let i = 0; i < 3; i++) {
      const { response } = await post("/admin/products", toggle(5), { cookie: await adminCookie(), origin: true, bindings });
      expect(response.status).toBe(302);
      const next = await follow(response);
      expect(next.html).toContain("Product status updated");
      expect(await active(5)).toBe(i % 2 === 0 ? 1 - (before ?? 0) : before);
    }
    await post("/admin/products", toggle(5), { cookie: await adminCookie(), origin: true });
  });
});
