import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCookie } from "@remix-run/cloudflare";
import { fcRuns } from "../fast-check";
import { getToasts, TOAST_COOKIE_NAME, toastHeader } from "../../app/features/toast/toast.server";
import { localPath } from "../../app/server/redirect";

const context = { env: { SESSION_SECRET: "unit-test-session-secret-0123456789" } };

/** The browser's side: the Set-Cookie the server wrote, sent back on the next request. */
function requestWith(setCookie: string) {
  return new Request("https://shop.example/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

/** A toast cookie written by someone else: unsigned (the cookie's old form) or signed with their own secret. */
function foreignToast(value: unknown, secret?: string) {
  return createCookie(TOAST_COOKIE_NAME, secret ? { secrets: [secret] } : {}).serialize(value);
}

const UNDO_ELSEWHERE = [{ id: "x", title: "Deleted", action: { label: "Undo", to: "/admin/products/bulk", fields: { intent: "delete" } } }];

const pathLike = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    "/admin/trash",
    "//evil.example/x",
    "/\\evil.example",
    "/\t/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/админ/корзина",
  ),
  fc.string({ maxLength: 40 }).map((tail) => `/${tail}`),
);

describe("the toast cookie's action links", () => {
  it("reach the next page only when they are a path on this site, by the same rule as every redirect", async () => {
    await fc.assert(
      fc.asyncProperty(pathLike, fc.string({ maxLength: 500 }), async (to, title) => {
        const written = await toastHeader(context, { title, action: { label: "Undo", to, fields: { id: "1" } } });
        const { toasts } = await getToasts(requestWith(written), context);
        expect(toasts.map((toast) => toast.title)).toEqual([title]);
        const action = toasts[0]?.action;
        if (localPath(to, "") === to) expect(action?.to).toBe(to);
        else expect(action).toBeUndefined();
      }),
      { numRuns: fcRuns(150) },
    );
  });

  it("drops a signed cookie whose action posts off the site", async () => {
    const offSite = await foreignToast(
      [{ id: "x", title: "Deleted", action: { label: "Undo", to: "//evil.example/steal", fields: {} } }],
      context.env.SESSION_SECRET,
    );
    const { toasts, setCookie } = await getToasts(requestWith(offSite), context);
    expect(toasts).toEqual([]);
    expect(setCookie).toMatch(/^toast=;/);
  });
});

describe("the toast cookie is signed", () => {
  it("shows nothing for a cookie in the old unsigned form, or signed with another secret, and clears it", async () => {
    for (const forged of [await foreignToast(UNDO_ELSEWHERE), await foreignToast(UNDO_ELSEWHERE, "someone-else's-secret")]) {
      const { toasts, setCookie } = await getToasts(requestWith(forged), context);
      expect(toasts).toEqual([]);
      expect(setCookie).toMatch(/^toast=;.*Max-Age=0/);
    }
  });

  it("reads nothing without a secret: nothing it could check is trusted", async () => {
    const written = await toastHeader(context, { title: "Saved" });
    const { toasts } = await getToasts(requestWith(written), { env: { SESSION_SECRET: "" } });
    expect(toasts).toEqual([]);
  });

  it("never throws on a cookie value a stranger chose (long, non-Latin, malformed, half a signature)", async () => {
    const signed = (await toastHeader(context, { title: "Saved" })).split(";")[0]!.slice(`${TOAST_COOKIE_NAME}=`.length);
    // Browsers send non-ASCII text percent-encoded; a Request's headers refuse it raw.
    const value = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc.string({ unit: "grapheme", maxLength: 300 }).map(encodeURIComponent),
      fc.string({ unit: "grapheme", minLength: 1_000, maxLength: 2_000 }).map(encodeURIComponent),
      fc.constantFrom("%", "%E0%A4%A", "e30=.", ".", "..", "=", "W10%3D.bad!sig", `${signed}x`, signed.slice(0, -3)),
      fc.string({ maxLength: 200 }).map((tail) => `${signed.split(".")[0]}.${tail}`),
    );
    await fc.assert(
      fc.asyncProperty(value, async (raw) => {
        const request = new Request("https://shop.example/", { headers: { Cookie: `other=1; ${TOAST_COOKIE_NAME}=${raw}` } });
        const { toasts } = await getToasts(request, context);
        expect(toasts).toEqual([]);
      }),
      { numRuns: fcRuns(300) },
    );
  });
});
