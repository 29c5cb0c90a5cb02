import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { fcRuns } from "../fast-check";
import * as build from "../../build/server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../app/features/cart/cart-lines";
import { cartLabel } from "../../app/features/site/cart-badge";
import { pageCacheKey } from "../../app/features/page-cache/page-cache";
import { toastHeader } from "../../app/features/toast/toast.server";
import {
  cartTokenOffsets,
  PAGE_TTL_SECONDS,
  placeholderOffsets,
  readCatalogueVersion,
} from "../../app/features/page-cache/page-cache.server";
import { adminCookie, cartCookie, catalogueChanged, ORIGIN, postForm } from "./helpers";
import { AGE, cspNonce, visit } from "./page-cache-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * Cart holders share the cached copy of a page (docs/decisions/027): the header badge's count and
 * label are stamped in on the way out from the cart cookie, like the nonce; nothing of a shopper's
 * is ever written into the copy. Real Worker, real Cache API, real D1 (for the renders).
 */

type Line = { id: number; quantity: number };
let products: Array<{ id: number; name: string }> = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare("SELECT id, name FROM products WHERE active = 1 AND in_stock = 1 ORDER BY id LIMIT 30").all<{
    id: number;
    name: string;
  }>();
  products = results;
  expect(products.length).toBeGreaterThan(MAX_CART_LINES);
});

beforeEach(async () => {
  await catalogueChanged();
});

const cart = (lines: Line[]) => `${AGE}; ${cartCookie(lines)}`;

/** A cart cookie carrying any value, encoded as Remix encodes one (UTF-8 JSON, base64, URL-encoded). */
function anyCartCookie(value: unknown) {
  const utf8 = unescape(encodeURIComponent(JSON.stringify(value) ?? "null"));
  return `cannabis-cart=${encodeURIComponent(btoa(utf8))}`;
}

/** The header's cart link (before JavaScript): its label, and every badge count on the page. */
async function badge(body: string) {
  const label = (await elementsOf(body, 'a[href="/checkout"][aria-label]'))[0]?.attributes["aria-label"] ?? null;
  const counts = await textsOf(body, "span[data-cart-count]");
  return { label, counts };
}

async function expectBadge(body: string, items: number) {
  const { label, counts } = await badge(body);
  expect(label).toBe(cartLabel(items));
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(count).toBe(items > 0 ? String(items) : "");
}

/** A page with its per-visitor parts (nonces, the badge) made the same for everyone. */
function shared(body: string) {
  return body
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/aria-label="Cart, \d+ items?"/g, 'aria-label="Cart"')
    .replace(/(<span[^>]*data-cart-count=""[^>]*>)\d*</g, "$1<");
}

describe("cart holders are served from the cache, each with their own badge", () => {
  it("two shoppers with different carts, one after the other, each see their own count on a hit, with fresh nonces", async () => {
    const [a, b, c] = products;
    const anonymous = await visit("/shop", AGE);
    expect(anonymous.outcome).toBe("miss");
    await expectBadge(anonymous.body, 0);

    const first = await visit(
      "/shop",
      cart([
        { id: a!.id, quantity: 2 },
        { id: b!.id, quantity: 1 },
      ]),
    );
    expect(first.outcome).toBe("hit");
    expect(first.response.headers.get("Server-Timing")).not.toContain("d1;");
    await expectBadge(first.body, 3);

    const second = await visit("/shop", cart([{ id: c!.id, quantity: 1 }]));
    expect(second.outcome).toBe("hit");
    await expectBadge(second.body, 1);

    // Fresh nonces on both, each matching its own CSP header; the tokens never leave the Worker.
    expect(first.nonce).toBe(cspNonce(first.response));
    expect(second.nonce).toBe(cspNonce(second.response));
    expect(first.nonce).not.toBe(second.nonce);
    for (const page of [first, second]) {
      expect(page.response.headers.get("X-Page-Cache-Cart")).toBeNull();
      expect(page.response.headers.get("X-Page-Cache-Cart-At")).toBeNull();
      expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // Apart from the badge (and the nonces), every shopper gets the very same page.
    expect(shared(first.body)).toBe(shared(anonymous.body));
    expect(shared(second.body)).toBe(shared(anonymous.body));
  });

  it("a cart holder who causes the miss gets their count; the stored copy holds nothing of theirs", async () => {
    const line = products[0]!;
    const holder = await visit("/faq", cart([{ id: line.id, quantity: 7 }]));
    expect(holder.outcome).toBe("miss");
    await expectBadge(holder.body, 7);
    const next = await visit("/faq", AGE);
    expect(next.outcome).toBe("hit");
    await expectBadge(next.body, 0);
    expect(next.body).not.toContain(line.name);
    expect(shared(next.body)).toBe(shared(holder.body));
  });

  it("home's bottom bar is stamped too", async () => {
    await visit("/", AGE);
    const home = await visit("/", cart([{ id: products[0]!.id, quantity: 4 }]));
    expect(home.outcome).toBe("hit");
    // The header badge and the bottom bar's.
    expect((await badge(home.body)).counts).toEqual(["4", "4"]);
    expect([...home.body.matchAll(/aria-label="Cart, 4 items"/g)]).toHaveLength(2);
  });
});

describe("an empty, tampered or oversized cookie reads as a rendered page reads it", () => {
  const lots = () => products.slice(0, MAX_CART_LINES + 5).map(({ id }) => ({ id, quantity: 1 }));
  it.each<[string, () => string, number]>([
    ["empty", () => cartCookie([]), 0],
    ["not base64", () => "cannabis-cart=%%%not-base64", 0],
    ["not a list", () => cartCookie({ id: 1, quantity: 2 }), 0],
    ["wrong types", () => cartCookie([{ id: "1", quantity: "2" }]), 0],
    ["a string", () => cartCookie("free stuff"), 0],
    [
      "junk lines and repeats",
      () =>
        cartCookie([
          { id: products[0]!.id, quantity: 1 },
          { id: products[0]!.id, quantity: 2 },
          { id: products[1]!.id, quantity: 0 },
          { id: -4, quantity: 3 },
          { id: products[2]!.id, quantity: 1.5 },
        ]),
      3,
    ],
    ["more lines than a cart holds", () => cartCookie(lots()), MAX_CART_LINES],
    ["a quantity above the bound", () => cartCookie([{ id: products[0]!.id, quantity: 99999 }]), MAX_LINE_QUANTITY],
  ])("%s", async (_label, cookie, items) => {
    await visit("/reviews", AGE);
    const hit = await visit("/reviews", `${AGE}; ${cookie()}`);
    expect(hit.outcome).toBe("hit");
    expect(hit.response.status).toBe(200);
    await expectBadge(hit.body, items);
    // The same count a rendered page (the checkout, never shared) gives for this cookie.
    const rendered = await visit("/checkout", `${AGE}; ${cookie()}`);
    expect(rendered.outcome).toBe("bypass");
    expect((await badge(rendered.body)).label).toBe(cartLabel(items));
  });
});

describe("a change to the cart shows on the very next page", () => {
  /** The cart action as the drawer's fetchers send it; the answer's cookie is the new cart. */
  async function change(cookie: string, fields: Record<string, string>) {
    const response = await postForm("/cart.data", { ...fields, js: "1" }, { headers: { Cookie: cookie, Referer: `${ORIGIN}/shop` } });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(400);
    const set = response.headers.getSetCookie().find((value) => value.startsWith("cannabis-cart="));
    expect(set).toBeDefined();
    const value = set!.split(";")[0]!;
    // A cleared cart is an empty cookie (and then no cart cookie at all in a browser).
    return value === "cannabis-cart=" ? AGE : `${AGE}; ${value}`;
  }

  it("adding, changing and removing a line", async () => {
    const [a, b] = products;
    await visit("/shop", AGE);
    let cookie = await change(AGE, { intent: "add", productId: String(a!.id) });
    let page = await visit("/shop", cookie);
    expect(page.outcome).toBe("hit");
    await expectBadge(page.body, 1);

    cookie = await change(cookie, { intent: "add", productId: String(b!.id), quantity: "4" });
    page = await visit("/shop", cookie);
    expect(page.outcome).toBe("hit");
    await expectBadge(page.body, 5);

    cookie = await change(cookie, { intent: "set", productId: String(a!.id), quantity: "3" });
    page = await visit("/shop", cookie);
    await expectBadge(page.body, 7);

    cookie = await change(cookie, { intent: "remove", productId: String(b!.id) });
    page = await visit("/shop", cookie);
    expect(page.outcome).toBe("hit");
    await expectBadge(page.body, 3);

    cookie = await change(cookie, { intent: "remove", productId: String(a!.id) });
    page = await visit("/shop", cookie);
    expect(page.outcome).toBe("hit");
    await expectBadge(page.body, 0);
  });
});

describe("what stays rendered for a cart holder", () => {
  const holder = () => cart([{ id: products[0]!.id, quantity: 2 }]);

  it("with a toast the page renders, and shows the toast and the shopper's cart", async () => {
    await visit("/shop", AGE);
    const flash = (await toastHeader({ env }, { title: "Cache toast test" })).split(";")[0]!;
    const page = await visit("/shop", `${holder()}; ${flash}`);
    expect(page.outcome).toBe("bypass");
    expect(page.body).toContain("Cache toast test");
    await expectBadge(page.body, 2);
  });

  it("with an admin session the page renders", async () => {
    await visit("/shop", AGE);
    const page = await visit("/shop", `${holder()}; ${await adminCookie()}`);
    expect(page.outcome).toBe("bypass");
    await expectBadge(page.body, 2);
  });

  it("the checkout, the cart and every single-fetch data request render", async () => {
    for (const path of ["/checkout", "/checkout.data", "/shop.data", "/_root.data", "/cart"]) {
      await visit(path, AGE);
      const page = await visit(path, holder());
      expect(page.outcome, path).toBe("bypass");
    }
    expect((await visit("/checkout", holder())).body).toContain(products[0]!.name);
  });
});

describe("stamping never breaks the page, whatever the cookie holds", () => {
  it("long, non-Latin and HTML metacharacter values: the page is the anonymous one but for a well-formed badge", async () => {
    const anonymous = await visit("/contact", AGE);
    await visit("/contact", AGE);
    const reference = shared(anonymous.body);
    const nasty = fc.oneof(
      fc.string({ maxLength: 600 }),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.constantFrom('"><script>alert(1)</script>', "</span><img src=x onerror=alert(1)>", "東京の大麻ショップ — Ελληνικά ✓", "&amp;&lt;"),
    );
    const value = fc.oneof(
      // The raw cookie value, URL-encoded as a browser would send it.
      nasty.map((text) => `cannabis-cart=${encodeURIComponent(text)}`),
      // A well-formed cookie carrying arbitrary JSON.
      fc
        .array(fc.record({ id: fc.oneof(fc.integer(), nasty), quantity: fc.oneof(fc.integer(), fc.double(), nasty) }), { maxLength: 25 })
        .map(anyCartCookie),
      fc.jsonValue({ maxDepth: 3 }).map(anyCartCookie),
      nasty.map(anyCartCookie),
    );
    await fc.assert(
      fc.asyncProperty(value, async (cookie) => {
        const page = await visit("/contact", `${AGE}; ${cookie}`);
        expect(page.outcome).toBe("hit");
        expect(page.response.status).toBe(200);
        expect(shared(page.body)).toBe(reference);
        const { label, counts } = await badge(page.body);
        expect(label).toMatch(/^Cart, \d+ items?$/);
        for (const count of counts) expect(count).toMatch(/^\d*$/);
      }),
      { numRuns: fcRuns(60) },
    );
  });
});

describe("the two ways of stamping agree", () => {
  const PLACEHOLDER = "cGxhY2Vob2xkZXJwbGFjZQ==";
  const LABEL = "bGFiZWxsYWJlbGxhYmVsbA==";
  const COUNT = "Y291bnRjb3VudGNvdW50Yw==";

  /** A copy put in the cache by hand, as storedCopy would, with the offsets given (or the true ones). */
  async function storeByHand(query: string, html: string, cartAt?: string) {
    const bytes = new TextEncoder().encode(html);
    const { labels, counts } = cartTokenOffsets(bytes, { label: LABEL, count: COUNT });
    const catalogue = await readCatalogueVersion(env);
    const key = pageCacheKey(new URL(`${ORIGIN}/about?stamp=${query}`), { build: build.assets.version, catalogue, variant: "adult" });
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "X-Page-Cache-Nonce": PLACEHOLDER,
      "X-Page-Cache-Nonce-At": placeholderOffsets(bytes, PLACEHOLDER).join(","),
      "X-Page-Cache-Cart": `${LABEL} ${COUNT}`,
      "X-Page-Cache-Cart-At": cartAt ?? `${labels.join(",")};${counts.join(",")}`,
      "Cache-Control": `public, max-age=${PAGE_TTL_SECONDS}`,
    };
    await (await caches.open("greenleaf-pages")).put(key, new Response(html, { headers }));
  }

  it("offsets and the careful rewrite give the same page, whatever text surrounds the badge", async () => {
    const escape = (text: string) =>
      text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 200 }), fc.constant("東京 — Ελληνικά ✓"));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 4 }), fc.integer({ min: 0, max: 1000 }), async (texts, quantity) => {
        run++;
        const around = texts.map((t) => `<p title="${escape(t)}">${escape(t)}</p>`).join("");
        const badge = `<a aria-label="${LABEL}" href="/checkout"><span data-cart-count="">${COUNT}</span></a>`;
        const html = `<!DOCTYPE html><html><head><script nonce="${PLACEHOLDER}">a()</script></head><body>${around}${badge}${around}${badge}</body></html>`;
        await storeByHand(`fast-${run}`, html);
        // Offsets that point nowhere useful: the copy is rewritten with HTMLRewriter instead.
        await storeByHand(`careful-${run}`, html, "0;1");
        const cookie = `${AGE}; ${cartCookie(quantity > 0 ? [{ id: products[0]!.id, quantity }] : [])}`;
        const fast = await visit(`/about?stamp=fast-${run}`, cookie);
        const careful = await visit(`/about?stamp=careful-${run}`, cookie);
        expect(fast.outcome).toBe("hit");
        expect(careful.outcome).toBe("hit");
        const expected = html
          .replaceAll(`nonce="${PLACEHOLDER}"`, 'nonce=""')
          .replaceAll(LABEL, cartLabel(quantity))
          .replaceAll(`>${COUNT}<`, `>${quantity > 0 ? quantity : ""}<`);
        expect(fast.body.replace(/nonce="[^"]*"/g, 'nonce=""')).toBe(expected);
        expect(careful.body.replace(/nonce="[^"]*"/g, 'nonce=""')).toBe(expected);
      }),
      { numRuns: fcRuns(25) },
    );
  });
});
