import { expect, test } from "./fixtures";

/**
 * A shared link's preview image as a crawler fetches it from the real engine (Workers Assets
 * included): every public page's og:image answers 200 with a raster type previews show.
 */
const PUBLIC_PATHS = ["/", "/shop", "/shop/concentrates", "/contact", "/faq", "/about", "/reviews", "/checkout", "/product/1"];

for (const path of PUBLIC_PATHS) {
  test(`the share image of ${path} answers as a PNG, JPEG or WebP, with its alt text`, async ({ request }) => {
    const page = await (await request.get(path, { headers: { Cookie: "age-verified=yes" } })).text();
    const content = (key: string) => new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(page)?.[1];
    const url = content("og:image");
    expect(url).toBeTruthy();
    expect(content("og:image:alt")).toBeTruthy();
    const image = await request.get(url!, { headers: { Cookie: "" } });
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/(png|jpeg|webp)$/);
    expect(image.headers()["content-type"]).toBe(content("og:image:type"));
    expect((await image.body()).length).toBeGreaterThan(1000);
  });
}
