import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fcRuns } from "../fast-check";
import worker from "../../workers/app";
import { INSIGHTS_QUEUE_NAME } from "../../app/features/insights/insights.server";
import { TERMS_PER_DAY, shopDay, type InsightMessage } from "../../app/features/insights/insights";
import { productPath } from "../../app/features/catalogue/product-path";
import { adminCookie, cartCookie, ORIGIN, SHIPPING_CHOICES } from "./helpers";
import { AGE, outcomeOf, type WorkerRequest } from "./page-cache-helpers";

/**
 * Owner insights through the real Worker: requests go through its fetch with the real Queue binding
 * (each message the Worker sends is recorded on its way to the Queue), then are delivered to its
 * queue handler as the Queue would, adding into the real local D1.
 */

const TIME_ZONE = "America/New_York";
let sent: unknown[] = [];
let refuse = false;

/** The Worker's env with the real Queue, each message recorded (or refused, for the Queue-down case). */
const recordingEnv = () => ({
  ...env,
  INSIGHTS_QUEUE: {
    async send(body: unknown, options?: QueueSendOptions) {
      if (refuse) throw new Error("Queue unavailable");
      sent.push(body);
      await env.INSIGHTS_QUEUE.send(body, options);
    },
    sendBatch: (messages: Iterable<MessageSendRequest>) => env.INSIGHTS_QUEUE.sendBatch(messages),
  } as unknown as Queue,
});

async function visit(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }) as WorkerRequest,
    recordingEnv(),
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visit(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

let messageNumber = 0;
/** Hands messages to the Worker's queue handler as the Queue does; ids are kept so a redelivery can repeat them. */
async function deliver(bodies: unknown[], ids = bodies.map(() => `m-${Date.now()}-${++messageNumber}`)) {
  const batch = createMessageBatch(
    INSIGHTS_QUEUE_NAME,
    bodies.map((body, index) => ({ id: ids[index]!, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return { ids, result: await getQueueResult(batch, ctx) };
}

async function deliverSent() {
  const bodies = sent;
  sent = [];
  return bodies.length > 0 ? deliver(bodies) : null;
}

const today = () => shopDay(Date.now(), TIME_ZONE);

/** A product's own URL (a bare id answers a redirect to it). */
async function pathOf(id: number) {
  const row = await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(id).first<{ name: string }>();
  return productPath({ id, name: row!.name });
}

async function productRow(productId: number, sizeId = 0) {
  return env.DB.prepare("SELECT * FROM insight_product_days WHERE day = ? AND product_id = ? AND size_id = ?")
    .bind(today(), productId, sizeId)
    .first<{ views: number; adds: number; removes: number; orders: number; ordered_units: number; revenue_cents: number }>();
}

async function productTotals(productId: number) {
  const row = await env.DB.prepare(
    "SELECT coalesce(sum(views),0) AS views, coalesce(sum(adds),0) AS adds, coalesce(sum(removes),0) AS removes, coalesce(sum(orders),0) AS orders, coalesce(sum(revenue_cents),0) AS cents FROM insight_product_days WHERE product_id = ?",
  )
    .bind(productId)
    .first<{ views: number; adds: number; removes: number; orders: number; cents: number }>();
  return row!;
}

async function term(text: string) {
  return env.DB.prepare("SELECT uses, misses FROM insight_terms WHERE kind = 'search' AND term = ? AND day = ?")
    .bind(text, today())
    .first<{ uses: number; misses: number }>();
}

async function clearInsights() {
  await env.DB.batch(
    ["insight_product_days", "insight_terms", "insight_days", "insight_messages"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  );
}

beforeEach(async () => {
  sent = [];
  refuse = false;
  await clearInsights();
});

const SHOPPER_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

describe("views", () => {
  it("counts a product view whether the page cache answered it or rendered it", async () => {
    const before = await productTotals(2);
    const path = await pathOf(2);
    const redirected = await visit("/product/2", { headers: { Cookie: AGE, "User-Agent": SHOPPER_UA } });
    expect(redirected.response.status).toBe(301);
    const first = await visit(path, { headers: { Cookie: AGE, "User-Agent": SHOPPER_UA } });
    const second = await visit(path, { headers: { Cookie: AGE, "User-Agent": SHOPPER_UA } });
    expect(first.response.status).toBe(200);
    expect([outcomeOf(first.response), outcomeOf(second.response)]).toContain("hit");
    await deliverSent();
    expect((await productTotals(2)).views - before.views).toBe(2);
  });

  it("does not count bots or the signed-in owner", async () => {
    const path = await pathOf(3);
    await visit(path, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    await visit(path, { headers: { Cookie: await adminCookie(), "User-Agent": SHOPPER_UA } });
    expect(sent).toEqual([]);
    expect(await productRow(3)).toBeNull();
  });

  it("does not count a product the shop does not have", async () => {
    await visit("/product/987654321", { headers: { "User-Agent": SHOPPER_UA } });
    await deliverSent();
    expect(await productRow(987654321)).toBeNull();
  });
});

describe("searches", () => {
  it("counts a term with its result, from a rendered page and a cached copy, and never sends the count header", async () => {
    for (let i = 0; i < 2; i++) {
      const page = await visit("/shop?search=Rosin%20%20Badder%20Zzyzx", { headers: { Cookie: AGE, "User-Agent": SHOPPER_UA } });
      expect(page.response.headers.has("X-Search-Results")).toBe(false);
    }
    await visit("/shop?search=gelato", { headers: { Cookie: AGE, "User-Agent": SHOPPER_UA } });
    await deliverSent();
    expect(await term("rosin badder zzyzx")).toEqual({ uses: 2, misses: 2 });
    const found = await term("gelato");
    expect(found?.uses).toBe(1);
  });

  it("adds at most the day's cap of rows, however many different terms a stranger sends", async () => {
    const messages: InsightMessage[] = Array.from({ length: TERMS_PER_DAY + 150 }, (_, index) => ({
      v: 1,
      at: Date.now(),
      events: [{ kind: "search", term: `junk term ${index}`, found: false }],
    }));
    for (let start = 0; start < messages.length; start += 100) await deliver(messages.slice(start, start + 100));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM insight_terms WHERE day = ?").bind(today()).first<{ n: number }>();
    expect(rows!.n).toBe(TERMS_PER_DAY + 1);
    const other = await term("");
    expect(other?.uses).toBe(150);
  });

  it("counts any term, long or in any script, as at most 100 characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }), async (text) => {
        sent = [];
        await visit(`/shop?search=${encodeURIComponent(text)}`, { headers: { "User-Agent": SHOPPER_UA } });
        const result = await deliverSent();
        if (result) expect(result.result.explicitAcks.length + (result.result.ackAll ? 1 : 0)).toBeGreaterThan(0);
        const longest = await env.DB.prepare("SELECT max(length(term)) AS n FROM insight_terms").first<{ n: number | null }>();
        expect(longest?.n ?? 0).toBeLessThanOrEqual(100);
      }),
      { numRuns: fcRuns(12) },
    );
  });
});

describe("cart and orders", () => {
  it("counts adds (with and without JavaScript), removals and an order sent with its quoted total", async () => {
    const size = await env.DB.prepare("SELECT id, price_cents FROM product_sizes WHERE product_id = 1 ORDER BY position LIMIT 1").first<{
      id: number;
      price_cents: number;
    }>();
    await post("/cart", { intent: "add", productId: "1", sizeId: String(size!.id), quantity: "2", js: "1" }, { "User-Agent": SHOPPER_UA });
    await post("/cart", { intent: "add", productId: "1", sizeId: String(size!.id) }, { "User-Agent": SHOPPER_UA });
    await post(
      "/cart",
      { intent: "remove", productId: "1", sizeId: String(size!.id) },
      { "User-Agent": SHOPPER_UA, Cookie: cartCookie([{ id: 1, quantity: 1, sizeId: size!.id }]) },
    );
    const order = await post(
      "/cart",
      { intent: "order", source: "checkout", ...SHIPPING_CHOICES },
      { "User-Agent": SHOPPER_UA, Cookie: cartCookie([{ id: 1, quantity: 3, sizeId: size!.id }]) },
    );
    expect(order.response.status).toBe(303);
    await deliverSent();
    const row = await productRow(1, size!.id);
    expect(row).toMatchObject({ adds: 3, removes: 1, orders: 1, ordered_units: 3 });
    expect(row!.revenue_cents).toBeGreaterThan(0);
    const day = await env.DB.prepare("SELECT orders FROM insight_days WHERE day = ?").bind(today()).first<{ orders: number }>();
    expect(day?.orders).toBe(1);
  });

  it("does not count the owner's own cart", async () => {
    await post("/cart", { intent: "add", productId: "1", js: "1" }, { Cookie: await adminCookie() });
    expect(sent).toEqual([]);
  });
});

describe("delivery", () => {
  it("counts a redelivered batch once", async () => {
    const body: InsightMessage = {
      v: 1,
      at: Date.now(),
      events: [
        { kind: "view", productId: 4 },
        { kind: "add", productId: 4, quantity: 1 },
      ],
    };
    const first = await deliver([body, body]);
    await deliver([body, body], first.ids);
    const totals = await productTotals(4);
    expect(totals.views).toBe(2);
    expect(totals.adds).toBe(2);
  });

  it("acknowledges and drops a message of the wrong shape", async () => {
    const { result } = await deliver([{ v: 1, at: Date.now(), events: [{ kind: "view", productId: "1; DROP TABLE products" }] }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM insight_product_days").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("still answers the page when the Queue is unavailable, and counts the loss for the day", async () => {
    refuse = true;
    const page = await visit(await pathOf(5), { headers: { "User-Agent": SHOPPER_UA } });
    expect(page.response.status).toBe(200);
    const day = await env.DB.prepare("SELECT lost_events FROM insight_days WHERE day = ?").bind(today()).first<{ lost_events: number }>();
    expect(day?.lost_events).toBe(1);
  });

  it("removes rows older than 400 days with the hourly job", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO insight_product_days (day, product_id, size_id, views) VALUES ('2020-01-01', 1, 0, 5)"),
      env.DB.prepare("INSERT INTO insight_product_days (day, product_id, size_id, views) VALUES (?, 1, 0, 5)").bind(today()),
      env.DB.prepare("INSERT INTO insight_terms (day, kind, term, uses) VALUES ('2020-01-01', 'search', 'old', 1)"),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env);
    await waitOnExecutionContext(ctx);
    const days = await env.DB.prepare("SELECT day FROM insight_product_days").all<{ day: string }>();
    expect(days.results.map((row) => row.day)).toEqual([today()]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM insight_terms").first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("privacy", () => {
  const logged: string[] = [];
  beforeEach(() => {
    logged.length = 0;
    for (const method of ["log", "warn", "error", "info", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps no cookie, query string, address or user agent in D1, in the messages or in the logs", async () => {
    const secrets = {
      ip: "203.0.113.77",
      ua: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.4242 Safari/537.36",
      cookie: "trackme-cookie-value-4242",
      query: "utm_source=probe-campaign-777",
      ref: "https://probe-referrer.example/private-page",
    };
    const headers = {
      "CF-Connecting-IP": secrets.ip,
      "X-Forwarded-For": secrets.ip,
      "User-Agent": secrets.ua,
      Referer: secrets.ref,
      Cookie: `${AGE}; ${cartCookie([{ id: 1, quantity: 1 }])}; other=${secrets.cookie}`,
    };
    await visit(`${await pathOf(6)}?${secrets.query}&size=1`, { headers });
    await visit(`/shop?search=rosin&${secrets.query}`, { headers });
    await post("/cart", { intent: "add", productId: "6", js: "1", note: secrets.cookie }, headers);
    await post("/cart", { intent: "order", source: "checkout", ...SHIPPING_CHOICES }, headers);
    const messages = JSON.stringify(sent);
    await deliverSent();

    const tables = ["insight_product_days", "insight_terms", "insight_days", "insight_messages"];
    const stored = JSON.stringify(await Promise.all(tables.map((table) => env.DB.prepare(`SELECT * FROM ${table}`).all())));
    expect(stored).toContain("rosin");
    for (const secret of Object.values(secrets)) {
      expect(stored).not.toContain(secret);
      expect(messages).not.toContain(secret);
      expect(logged.join("\n")).not.toContain(secret);
    }
    for (const fragment of ["probe", "utm_", "Mozilla", "6778.4242", "203.0.113"]) expect(stored).not.toContain(fragment);
    expect(messages).toContain('"kind":"order"');
  });
});
