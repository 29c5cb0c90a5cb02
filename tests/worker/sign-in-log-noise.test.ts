import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fcRuns } from "../fast-check";
import { callWorker, signInAs } from "./sign-in-helpers";

/**
 * Nothing a stranger sends to the sign-in page is logged as an error: junk cookies and junk form
 * bodies are the client's mistake (at most one warning), so they cannot fill the log at ERROR
 * level and bury a real fault. A real fault on the same path is still logged as an error.
 * Through the built Worker's fetch handler with real D1.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

/** A cookie value a client could send: any text, long and non-Latin too, percent-encoded as a browser would. */
const junk = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.string({ minLength: 1000, maxLength: 3000 }),
    fc.json().map((text) => btoa(unescape(encodeURIComponent(text)))),
  )
  .map((text) => encodeURIComponent(text));

const COOKIE_NAMES = ["cannabis-cart", "toast", "adminSession", "adminDevice", "d1Bookmark", "age-verified"];

describe("a stranger's junk on the sign-in page", () => {
  it("junk cookies on GET and POST /admin: answered, never logged as an error", async () => {
    const errors = vi.spyOn(console, "error");
    // A well-formed cookie that holds no cart, sent again and again.
    const notACart = `cannabis-cart=${encodeURIComponent(btoa(JSON.stringify({ not: "a cart" })))}`;
    for (let i = 0; i < 3; i++) expect((await callWorker("/admin", { headers: { Cookie: notACart } })).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COOKIE_NAMES), junk, fc.boolean(), async (name, value, post) => {
        const headers = { Cookie: `${name}=${value}`, "CF-Connecting-IP": "203.0.113.60" };
        const response = post ? await signInAs("not-the-password", headers) : await callWorker("/admin", { headers });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: fcRuns(40) },
    );
    expect(errors).not.toHaveBeenCalled();
    await env.DB.prepare("DELETE FROM login_attempts").run();
  });

  it("junk form bodies posted to /admin: a 400, never logged as an error", async () => {
    const errors = vi.spyOn(console, "error");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "text/plain",
          "multipart/form-data; boundary=x",
          "multipart/form-data",
          "application/json",
          "application/x-www-form-urlencoded",
        ),
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string({ minLength: 2000, maxLength: 8000 })),
        async (type, body) => {
          const response = await callWorker("/admin", {
            method: "POST",
            body,
            headers: { "Content-Type": type, Origin: "http://localhost", Host: "localhost" },
          });
          await response.arrayBuffer();
          expect([400, 401, 413, 429]).toContain(response.status);
        },
      ),
      { numRuns: fcRuns(30) },
    );
    expect(errors).not.toHaveBeenCalled();
    await env.DB.prepare("DELETE FROM login_attempts").run();
  });
});

describe("a real fault on the sign-in path", () => {
  it("is still logged as an error (D1 without the throttle's table)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare("ALTER TABLE login_attempts RENAME TO login_attempts_down").run();
    try {
      const response = await signInAs("dev-password", { "CF-Connecting-IP": "203.0.113.61" });
      await response.arrayBuffer();
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(errors).toHaveBeenCalled();
    } finally {
      await env.DB.prepare("ALTER TABLE login_attempts_down RENAME TO login_attempts").run();
    }
  });
});
