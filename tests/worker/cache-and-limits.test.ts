import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BODY_TOO_LARGE_MESSAGE, FORM_BODY_LIMIT } from "../../app/server/security.server";
import { toastHeader } from "../../app/features/toast/toast.server";
import { adminCookie, cartCookie, get, ORIGIN, postForm, FIRST_PRODUCT_PATH } from "./helpers";

/**
 * No shared cache can ever hand one shopper's cart or an admin view to another: every response
 * whose content depends on a cookie says `Cache-Control: private, no-store`. And no public form
 * post makes the Worker parse more than 64 KB.
 */

const PAGES = ["/", "/shop", "/shop/indoors", FIRST_PRODUCT_PATH, "/checkout", "/about", "/faq", "/no-such-page"];

async function cookies() {
  return {
    cart: cartCookie([{ id: 1, quantity: 2 }]),
    toast: (await toastHeader({ env }, { title: "Hello" })).split(";")[0]!,
    "age gate": "age-verified=yes",
    admin: await adminCookie(),
  };
}

describe("Cache-Control on cookie-dependent responses", () => {
  it.each(PAGES)("%s with any state cookie (cart, toast, age gate, admin) is private, no-store", async (path) => {
    for (const [label, cookie] of Object.entries(await cookies())) {
      const response = await get(path, { headers: { Cookie: `other=1; ${cookie}` } });
      await response.arrayBuffer();
      expect(response.headers.get("Cache-Control"), `${path} with the ${label} cookie`).toBe("private, no-store");
    }
  });

  it("client-side data requests with a cookie are private, no-store too", async () => {
    for (const path of ["/_root.data", "/shop.data", "/checkout.data"]) {
      const response = await get(path, { headers: { Cookie: cartCookie([{ id: 1, quantity: 1 }]) } });
      await response.arrayBuffer();
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("every response that sets a cookie is private, no-store (cart, age gate, sign-in)", async () => {
    const posts = [
      ["/cart", { intent: "add", productId: "1" }],
      ["/age-gate", { redirectTo: "/shop" }],
      ["/admin", { username: "admin", password: "dev-password" }],
    ] as const;
    for (const [path, fields] of posts) {
      const response = await postForm(path, fields);
      await response.arrayBuffer();
      expect(response.headers.getSetCookie().length, path).toBeGreaterThan(0);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("admin responses are private, no-store signed in or not", async () => {
    for (const cookie of ["", await adminCookie()]) {
      const response = await get("/admin/dashboard", { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("an anonymous page varies on Cookie; public media keep their long caching even when cookies come along", async () => {
    const anonymous = await get("/shop");
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("Cache-Control") ?? "").not.toContain("public");
    expect(anonymous.headers.get("Vary")).toMatch(/Cookie/);

    const sitemap = await get("/sitemap.xml", { headers: { Cookie: "age-verified=yes" } });
    await sitemap.arrayBuffer();
    expect(sitemap.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });
});

function bigForm(bytes: number) {
  return new URLSearchParams({ intent: "add", productId: "1", name: "x", message: "m".repeat(bytes) });
}

/** A body sent without Content-Length (chunked), as a client that streams would. */
function streamed(bytes: number) {
  const chunk = new TextEncoder().encode("a".repeat(8 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe("public form posts are held to 64 KB", () => {
  const routes = ["/cart", "/contact", "/age-gate", "/admin", "/admin/logout", "/cart.data"];

  it.each(routes)("POST %s over 64 KB answers 413 with a clear message and changes nothing", async (path) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM login_attempts").first<number>("n");
    const response = await postForm(path, bigForm(FORM_BODY_LIMIT), { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM login_attempts").first<number>("n")).toBe(before);
  });

  it("a streamed body without Content-Length is refused past 64 KB (the rest is read and thrown away, never parsed)", async () => {
    const response = await SELF.fetch(`${ORIGIN}/contact`, {
      method: "POST",
      body: streamed(50 * 1024 * 1024),
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
      // @ts-expect-error workerd's fetch takes a streamed body as is
      duplex: "half",
    });
    expect(response.status).toBe(413);
    await response.arrayBuffer();
  });

  it("a form post under the limit is read as usual, streamed or not", async () => {
    const small = await postForm("/cart", new URLSearchParams({ intent: "add", productId: "1", note: "n".repeat(60 * 1024) }));
    expect(small.status).toBe(303);
    await small.arrayBuffer();

    const body = new TextEncoder().encode(new URLSearchParams({ intent: "add", productId: "1" }).toString());
    const chunked = await SELF.fetch(`${ORIGIN}/cart`, {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(body);
          controller.close();
        },
      }),
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
      // @ts-expect-error see above
      duplex: "half",
    });
    expect(chunked.status).toBe(303);
    expect(chunked.headers.getSetCookie().some((cookie) => cookie.startsWith("cannabis-cart="))).toBe(true);
  });
});
