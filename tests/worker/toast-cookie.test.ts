import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCookie } from "@remix-run/cloudflare";
import { fcRuns, fcTimeout } from "../fast-check";
import { adminPost, read } from "./admin-helpers";
import { adminCookie, get, setCookie } from "./helpers";
import { AGE } from "./page-cache-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * The flash toast rides a cookie the Worker signs: a notice the shop shows (with a button that posts a
 * form, like Undo) can only be one the Worker queued. Anything else in the cookie shows nothing, is
 * cleared, and the page still answers.
 */

const PRODUCT = "Toast Test Gummies 软糖";

async function makeProduct() {
  await env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES (?, 1500, 'edibles')").bind(PRODUCT).run();
  return (await env.DB.prepare("SELECT id FROM products WHERE name = ?").bind(PRODUCT).first<{ id: number }>())!.id;
}

/** The cookie pair a browser sends back for a Set-Cookie. */
const pair = (header: string) => header.split(";")[0]!;

/** The notices a page shows, as text. */
const toastsOn = (html: string) => textsOf(html, "li.toast");

/** A toast cookie the Worker did not write: the old unsigned form, or signed with some other secret. */
function foreignToast(secret?: string) {
  return createCookie("toast", secret ? { secrets: [secret] } : {}).serialize([
    {
      id: "x",
      title: "Product deleted",
      description: "Click Undo to restore",
      action: { label: "Undo", to: "/admin/products/bulk", fields: { intent: "delete" } },
    },
  ]);
}

describe("the toast cookie", () => {
  it("carries a back-office delete's Undo toast, signed, to the next page, which shows it once and clears it", async () => {
    const id = await makeProduct();
    const deleted = await adminPost(`/admin/products/${id}/delete`, {});
    expect(deleted.status).toBe(302);
    const toast = setCookie(deleted, "toast")!;
    // base64 JSON, then the signature after a dot
    expect(pair(toast)).toMatch(/^toast=[^.;]+\.[^.;]+$/);

    const next = await get(deleted.headers.get("Location")!, { headers: { Cookie: `${await adminCookie()}; ${pair(toast)}` } });
    expect(next.status).toBe(200);
    const html = await read(next);
    expect(await toastsOn(html)).toEqual([expect.stringContaining(`${PRODUCT} has been deleted successfully`)]);
    const undo = await elementsOf(html, "li.toast form");
    expect(undo.map((form) => form.attributes.action)).toEqual(["/admin/trash"]);
    expect(await textsOf(html, "li.toast form button")).toEqual(["Undo"]);
    expect(setCookie(next, "toast")).toMatch(/^toast=;.*Max-Age=0/);
  });

  it.each([
    ["in the old unsigned form", undefined],
    ["signed with another secret", "someone-else's-secret-0123456789abcdef"],
  ])("shows no toast for a cookie %s: the page answers 200 and the cookie is cleared", async (_label, secret) => {
    const forged = pair(await foreignToast(secret));
    for (const [path, cookie] of [
      ["/faq", AGE],
      ["/admin/products", await adminCookie()],
    ] as const) {
      const response = await get(path, { headers: { Cookie: `${cookie}; ${forged}` } });
      expect(response.status, path).toBe(200);
      const html = await read(response);
      expect(await toastsOn(html), path).toEqual([]);
      expect(html, path).not.toContain("Click Undo to restore");
      expect(setCookie(response, "toast"), path).toMatch(/^toast=;.*Max-Age=0/);
    }
  });

  it(
    "answers any value a stranger puts in the cookie (long, non-Latin, malformed, half-signed) with the page and no toast",
    async () => {
      const signed = pair(setCookie(await adminPost("/admin/products/999999/delete", {}), "toast")!).slice("toast=".length);
      const value = fc.oneof(
        fc.string({ maxLength: 300 }),
        // Browsers send non-ASCII text percent-encoded.
        fc.string({ unit: "grapheme", maxLength: 300 }).map(encodeURIComponent),
        fc.string({ unit: "grapheme", minLength: 1_000, maxLength: 2_000 }).map(encodeURIComponent),
        fc.constantFrom("%", "%E0%A4%A", ".", "e30%3D.", "W10%3D.bad!sig", `${signed}x`, signed.slice(0, -4)),
        fc.string({ maxLength: 60 }).map((tail) => `${signed.split(".")[0]}.${encodeURIComponent(tail)}`),
      );
      await fc.assert(
        fc.asyncProperty(value, async (raw) => {
          const response = await get("/faq", { headers: { Cookie: `${AGE}; toast=${raw}` } });
          expect(response.status).toBe(200);
          expect(await toastsOn(await read(response))).toEqual([]);
        }),
        { numRuns: fcRuns(60) },
      );
    },
    fcTimeout(60, 1_000),
  );
});
