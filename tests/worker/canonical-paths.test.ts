import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, cartCookie, FIRST_PRODUCT_PATH, get, postForm } from "./helpers";

/**
 * One spelling per path (app/server/paths.ts): Remix matches a route's fixed segments in any letter
 * case, so any other spelling is sent to the lowercase one before any rule runs — the page cache,
 * the admin check, the robots header and the catalogue version never see it.
 */

async function active(id: number) {
  return (await env.DB.prepare("SELECT active FROM products WHERE id = ?").bind(id).first<{ active: number }>())?.active;
}

describe("mixed-case paths answer a redirect to the lowercase path", () => {
  it("GET /ADMIN, /ADMIN.data, /Shop and /CHECKOUT: 301 to the lowercase path, the query kept as sent", async () => {
    const cases: [string, string][] = [
      ["/ADMIN", "/admin"],
      ["/ADMIN.data", "/admin.data"],
      ["/Admin/Products?status=active&q=Blue%20Dream", "/admin/products?status=active&q=Blue%20Dream"],
      ["/Shop?sort=price-asc&category=Edibles", "/shop?sort=price-asc&category=Edibles"],
      ["/CHECKOUT", "/checkout"],
      ["/%61dmin", "/admin"],
    ];
    for (const [path, location] of cases) {
      const response = await get(path, { headers: { Cookie: `age-verified=yes; ${cartCookie([{ id: 1, quantity: 2 }])}` } });
      await response.arrayBuffer();
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe(location);
      expect(response.headers.has("Cache-Status"), `${path} never reaches the page cache`).toBe(false);
    }
  });

  it("HEAD is redirected too", async () => {
    const response = await get("/FAQ", { method: "HEAD" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/faq");
  });

  it("a signed-in POST /Admin/products is sent on with 308 and writes nothing under that spelling", async () => {
    const before = await active(6);
    const response = await postForm(
      "/Admin/products",
      { intent: "toggle", productId: "6", redirectTo: "/admin/products" },
      { headers: { Cookie: await adminCookie() } },
    );
    await response.arrayBuffer();
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/admin/products");
    expect(await active(6)).toBe(before);
  });

  it("route parameters keep their letters: product slugs (non-ASCII too), image keys", async () => {
    const product = await get(FIRST_PRODUCT_PATH);
    await product.arrayBuffer();
    expect(product.status).toBe(200);

    // A non-ASCII slug (percent-encoded, upper-case hex as browsers send it) is not lowercased by the Worker;
    // the product page itself answers with the product's canonical address.
    const nonAscii = `/product/1-${encodeURIComponent("Ägypten-Ωμέγα-日本")}`;
    const slugged = await get(nonAscii);
    await slugged.arrayBuffer();
    expect(slugged.status).toBe(301);
    expect(slugged.headers.get("Location")).toBe(FIRST_PRODUCT_PATH);

    const upper = await get(`/PRODUCT/1-${encodeURIComponent("Ägypten")}`);
    await upper.arrayBuffer();
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe(`/product/1-${encodeURIComponent("Ägypten")}`);

    const image = await get("/images/SomeKey-ABC");
    await image.arrayBuffer();
    expect(image.status, "an image key keeps its letters").not.toBe(301);
    const images = await get("/IMAGES/SomeKey-ABC");
    await images.arrayBuffer();
    expect(images.headers.get("Location")).toBe("/images/SomeKey-ABC");
  });

  it("the lowercase paths keep their rules: /admin says noindex, /checkout shows the cart", async () => {
    const admin = await get("/admin");
    await admin.arrayBuffer();
    expect(admin.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await get("/admin.data");
    await data.arrayBuffer();
    expect(data.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const checkout = await get("/checkout", { headers: { Cookie: `age-verified=yes; ${cartCookie([{ id: 1, quantity: 2 }])}` } });
    expect(await checkout.text()).not.toContain("Your cart is empty");
  });

  it("unknown paths are left as they are (a 404, not a redirect)", async () => {
    const response = await get(`${"/Nowhere"}/${encodeURIComponent("Ünknown")}`);
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });
});
