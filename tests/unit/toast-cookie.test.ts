import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCookie } from "@remix-run/cloudflare";
import { fcRuns } from "../fast-check";
import { getToasts, TOAST_COOKIE_NAME, toastHeader } from "../../app/features/toast/toast.server";
import { localPath } from "../../app/server/redirect";

/** The browser's side: the Set-Cookie the server wrote, sent back on the next request. */
function requestWith(setCookie: string) {
  return new Request("https://shop.example/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

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
        const { toasts } = await getToasts(requestWith(await toastHeader({ title, action: { label: "Undo", to, fields: { id: "1" } } })));
        expect(toasts.map((toast) => toast.title)).toEqual([title]);
        const action = toasts[0]?.action;
        if (localPath(to, "") === to) expect(action?.to).toBe(to);
        else expect(action).toBeUndefined();
      }),
      { numRuns: fcRuns(150) },
    );
  });

  it("drops a cookie written elsewhere whose action posts off the site", async () => {
    const forged = await createCookie(TOAST_COOKIE_NAME).serialize([
      { id: "x", title: "Deleted", action: { label: "Undo", to: "//evil.example/steal", fields: {} } },
    ]);
    const { toasts } = await getToasts(requestWith(forged));
    expect(toasts).toEqual([]);
  });
});
