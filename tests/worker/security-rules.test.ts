import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminCookie, get, ORIGIN } from "./helpers";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGPQy7IAIgYIBQAWpgNBHeK0zgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("R2 failing mid-upload", () => {
  it("answers 'Upload failed' and leaves nothing stored", async () => {
    const before = (await env.IMAGES.list()).objects.filter((o) => !o.key.startsWith("variants/")).length;
    vi.spyOn(env.IMAGES, "put").mockRejectedValue(new Error("R2 is unavailable"));
    vi.spyOn(env.IMAGES, "createMultipartUpload").mockRejectedValue(new Error("R2 is unavailable"));
    const response = await SELF.fetch(`${ORIGIN}/admin/uploads/image?fileName=cover.png`, {
      method: "PUT",
      body: PNG,
      headers: { Origin: ORIGIN, Accept: "application/json", Cookie: await adminCookie(), "Content-Type": "image/png" },
    });
    const body = (await response.json()) as { error?: { title: string; description: string } };
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(body.error?.title).toBe("Upload failed");
    expect(body.error?.description).toMatch(/^(Error: .+\. Please try again\.|An error occurred while uploading\. Please try again\.)$/);
    vi.restoreAllMocks();
    expect((await env.IMAGES.list()).objects.filter((o) => !o.key.startsWith("variants/")).length).toBe(before);
  });
});

describe("admin responses are private", () => {
  it.each(["/admin", "/admin/dashboard", "/admin/products", "/admin/categories"])(
    "%s: no-store and noindex, signed in or not",
    async (path) => {
      for (const cookie of ["", await adminCookie()]) {
        const response = await get(path, { headers: { Cookie: cookie } });
        await response.arrayBuffer();
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
      }
    },
  );
});

describe("every response type carries the security headers", () => {
  it.each([
    ["a page", "/"],
    ["the 404 page", "/no-such-page"],
    ["a resource route", "/robots.txt"],
    ["the sitemap", "/sitemap.xml"],
    ["an unknown image", "/images/image-1-abc.png"],
    ["an unknown video", "/videos/video-1-abc.mp4"],
    ["a data request", "/shop.data"],
  ])("%s (%s)", async (_label, path) => {
    const response = await get(path);
    await response.arrayBuffer();
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("allows no inline script without the nonce", async () => {
    const response = await get("/shop");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    await response.arrayBuffer();
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[^']+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });
});

describe("a cross-origin POST to any action is refused", () => {
  // Every route module that exports an action, found from the files themselves.
  const modules = import.meta.glob<string>("../../app/routes/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
  const paths = Object.entries(modules)
    .filter(([, source]) => /export (async )?function action\b/.test(source))
    .map(([file]) => {
      const route = file.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, "");
      const path = route
        .replace(/\._index$|^_index$/, "")
        .split(".")
        .map((segment) => (segment.startsWith("$") ? "1" : segment.replace(/\[(.+)\]/, "$1")))
        .join("/");
      return `/${path}`;
    });

  it("found the actions", () => {
    expect(paths).toEqual(expect.arrayContaining(["/cart", "/contact", "/admin", "/admin/add-product", "/admin/migration"]));
  });

  it.each(paths)("POST %s from another site answers 403 and changes nothing", async (path) => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(version), 0) AS v FROM products").first();
    const response = await SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: "1", name: "x" }),
      headers: { Origin: "https://evil.example", Cookie: await adminCookie() },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    await response.text();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(version), 0) AS v FROM products").first()).toEqual(before);
  });
});
