import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

/** The CSRF check compares a post's Origin with the site's whole origin: scheme, host and port. */

function post(url: string, origin: string) {
  return SELF.fetch(url, {
    method: "POST",
    body: new URLSearchParams({ name: "Origin test", message: "Hello" }),
    headers: { Origin: origin, Host: new URL(url).host },
    redirect: "manual",
  });
}

describe("the CSRF origin check", () => {
  it("refuses an http Origin posting to the https site (403), and lets the exact origin through", async () => {
    const refused = await post("https://localhost/contact", "http://localhost");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Cross-origin request refused");

    for (const origin of ["https://localhost:8443", "https://evil.localhost", "http://localhost:443"]) {
      const other = await post("https://localhost/contact", origin);
      await other.arrayBuffer();
      expect(other.status, origin).toBe(403);
    }

    const same = await post("https://localhost/contact", "https://localhost");
    await same.arrayBuffer();
    expect(same.status).not.toBe(403);
    expect(same.status).toBeLessThan(500);
  });
});
