import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_FORM_TEXT_LIMIT, bodyTooLargeMessage } from "../../app/server/security.server";
import { adminGet, html, post, read } from "./admin-helpers";
import { adminCookie, get, ORIGIN, postForm } from "./helpers";
import { formFromPage } from "./product-form-page";
import { textsOf } from "./page-parts";

/**
 * Redirects, sign-out, the product form's size limit, headers and logs, and products left in a
 * deleted category (body limits on the real engine are in tests/server/body-limit.ts).
 */

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the no-JS /cart redirect goes back to a path of ours only", () => {
  it.each([
    ["//evil.example/x", "/checkout"],
    ["/\\evil.example", "/checkout"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/shop?category=lows", "/shop?category=lows"],
  ])("Referer %s → Location %s", async (path, location) => {
    const response = await postForm(
      "/cart",
      { intent: "add", productId: "1" },
      { headers: { Referer: `${ORIGIN}${path}`, Host: new URL(ORIGIN).host } },
    );
    await response.arrayBuffer();
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
  });
});

describe("signing out never depends on the body", () => {
  async function signedIn(cookie: string) {
    const response = await get("/admin/dashboard", { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    return response.status === 200;
  }

  it.each([
    ["no body at all", undefined, undefined],
    ["an empty form", "", "application/x-www-form-urlencoded"],
    ["a body that is not a form", "{}", "application/json"],
    ["a broken multipart body", "--x\r\nnonsense", "multipart/form-data; boundary=x"],
    ["an unknown scope", "scope=nowhere", "application/x-www-form-urlencoded"],
  ])("%s: 302 to /admin, and the session has ended", async (_label, body, type) => {
    const cookie = await adminCookie();
    expect(await signedIn(cookie)).toBe(true);
    const headers: Record<string, string> = { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host };
    if (type) headers["Content-Type"] = type;
    const response = await SELF.fetch(`${ORIGIN}/admin/logout`, { method: "POST", body, headers, redirect: "manual" });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe("the product form has an overall size limit and never echoes more than its fields take", () => {
  it("a multipart post whose text is over the limit answers 413 with the clear message, nothing saved", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM products").first<number>("n");
    const form = new FormData();
    form.append("name", "Huge");
    form.append("description", "d".repeat(PRODUCT_FORM_TEXT_LIMIT + 1));
    const response = await post("/admin/add-product", form, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(413);
    expect(await read(response)).toContain(html(bodyTooLargeMessage(PRODUCT_FORM_TEXT_LIMIT)));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM products").first<number>("n")).toBe(before);
  });

  it("a urlencoded post over the limit answers 413 before anything parses it", async () => {
    const response = await post(
      "/admin/add-product",
      new URLSearchParams({ name: "Huge", description: "d".repeat(PRODUCT_FORM_TEXT_LIMIT) }),
      { headers: { Cookie: await adminCookie() } },
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(bodyTooLargeMessage(PRODUCT_FORM_TEXT_LIMIT));
  });

  it("a refused post within the limit echoes no text longer than the longest field takes", async () => {
    const response = await post(
      "/admin/add-product",
      new URLSearchParams({ name: "n".repeat(100_000), description: "d".repeat(100_000), effects: "e".repeat(50_000) }),
      { headers: { Cookie: await adminCookie() } },
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).not.toMatch(/n{5001}|d{5001}|e{5001}/);
    expect(page.length).toBeLessThan(200_000);
  });
});

describe("headers and logs", () => {
  it.each(["/", "/robots.txt", "/shop.data", "/admin"])(
    "%s carries a Permissions-Policy that switches the powerful features off",
    async (path) => {
      const response = await get(path);
      await response.arrayBuffer();
      const policy = response.headers.get("Permissions-Policy") ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(policy).toContain(`${feature}=()`);
    },
  );

  it("over https the toast cookie is Secure, like the others", async () => {
    const response = await SELF.fetch("https://shop.example/cart", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: "1" }),
      headers: { Origin: "https://shop.example", Host: "shop.example", Referer: "https://shop.example/shop" },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("over plain http on localhost the toast cookie is not Secure (the browser would drop it)", async () => {
    const response = await postForm("/cart", { intent: "add", productId: "1" }, { headers: { Referer: `${ORIGIN}/shop` } });
    await response.arrayBuffer();
    const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
    expect(toast).not.toMatch(/Secure/i);
  });

  it.each([
    ["OPTIONS /", "OPTIONS", "/", 204],
    ["OPTIONS /admin/dashboard", "OPTIONS", "/admin/dashboard", 204],
    ["GET /?_data=root", "GET", "/?_data=root", 400],
    ["GET /admin/dashboard?_data=routes/admin.dashboard", "GET", "/admin/dashboard?_data=routes%2Fadmin.dashboard", 400],
    ["PUT /faq", "PUT", "/faq", 405],
  ])("%s is answered plainly, and nothing is logged as an error", async (_label, method, path, status) => {
    const errors = vi.spyOn(console, "error");
    const response = await SELF.fetch(`${ORIGIN}${path}`, {
      method,
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host },
      redirect: "manual",
    });
    const body = await response.text();
    expect(response.status).toBe(status);
    if (method === "OPTIONS") {
      expect(body).toBe("");
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
    expect(body).not.toContain("dashboard");
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("a path with a backslash", () => {
  it.each(["/%5C", "/%5c", "/shop/%5Cevil", "/product/1%5C", "/packshots/../%5C"])(
    "answers %s with a plain 404, never a 500",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    },
  );
});

describe("products left in a deleted category", () => {
  it("the delete confirmation tells the truth: a fixed page like /shop/lows still lists them", async () => {
    const lows = await env.DB.prepare("SELECT id FROM categories WHERE slug = 'lows'").first<number>("id");
    const page = await read(await adminGet(`/admin/categories/${lows}/delete`));
    expect(page).toContain("/shop/lows still lists them");
    expect(page).not.toContain("no category page will list");
  });

  it("a category without a page of its own still says no category page will list them", async () => {
    await env.DB.prepare("INSERT INTO categories (name, slug) VALUES ('Test Gone', 'test-gone')").run();
    const { id: productId } = (await env.DB.prepare("SELECT id FROM products ORDER BY id LIMIT 1").first<{ id: number }>())!;
    await env.DB.prepare("UPDATE products SET category = 'test-gone' WHERE id = ?").bind(productId).run();
    const id = await env.DB.prepare("SELECT id FROM categories WHERE slug = 'test-gone'").first<number>("id");
    const page = await read(await adminGet(`/admin/categories/${id}/delete`));
    expect(page).toContain("no category page will list it");
  });

  it("a product whose category was deleted opens in Edit with it selected, and saves unchanged", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM products ORDER BY id DESC LIMIT 1").first<{ id: number }>())!;
    await env.DB.prepare("UPDATE products SET category = 'long-gone' WHERE id = ?").bind(id).run();
    const page = await (await adminGet(`/admin/edit-product/${id}`)).text();
    expect(await textsOf(page, 'option[value="long-gone"][selected]')).toEqual(["long-gone (deleted category)"]);
    const saved = await post(`/admin/edit-product/${id}`, await formFromPage(page), { headers: { Cookie: await adminCookie() } });
    const body = saved.status === 302 ? "" : await saved.text();
    expect(saved.status, body.match(/<li>[^<]*<\/li>/g)?.join(" ") ?? "").toBe(302);
    expect(await env.DB.prepare("SELECT category FROM products WHERE id = ?").bind(id).first<string>("category")).toBe("long-gone");
  });
});
