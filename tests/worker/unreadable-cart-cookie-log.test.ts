import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { fcRuns } from "../fast-check";
import { AGE, visit } from "./page-cache-helpers";

/** A cart cookie carrying any value, encoded as Remix encodes one (UTF-8 JSON, base64, URL-encoded). */
function anyCartCookie(value: unknown) {
  const utf8 = unescape(encodeURIComponent(JSON.stringify(value) ?? "null"));
  return `cannabis-cart=${encodeURIComponent(btoa(utf8))}`;
}

/** Values a stranger may put in the cookie that are not a cart: text of any script and length, wrong shapes. */
const notACart = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "grapheme", minLength: 1_000, maxLength: 2_000 }),
  fc.array(fc.record({ id: fc.string({ unit: "grapheme", maxLength: 40 }), quantity: fc.string() }), { minLength: 1, maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ unit: "grapheme", maxLength: 40 })),
);

describe("an unreadable cart cookie", () => {
  it("gives the shopper an empty cart and is never logged as an error; at most one warning however many requests carry one", async () => {
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    await fc.assert(
      fc.asyncProperty(notACart, fc.constantFrom("/checkout", "/faq"), async (value, path) => {
        const { response, body } = await visit(path, `${AGE}; ${anyCartCookie(value)}`);
        expect(response.status).toBe(200);
        // the page shows no items
        expect(body).not.toMatch(/data-cart-count=""[^>]*>[1-9]/);
      }),
      { numRuns: fcRuns(25) },
    );
    expect(errors).not.toHaveBeenCalled();
    const cartWarnings = warnings.mock.calls.filter(([message]) => String(message).includes("cannabis-cart"));
    expect(cartWarnings.length).toBeLessThanOrEqual(1);
  });
});
