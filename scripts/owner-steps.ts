/**
 * What an owner does, scripted for the bench and Lighthouse runs against a local Worker: sign in
 * through the real form, and make a product with two phone photos through the admin upload route
 * and the product form.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writePhonePhoto } from "./photo-fixtures";

/** Signs in as the local admin (.dev.vars: admin / dev-password) through the real form; the headers of its requests. */
export async function adminHeaders(origin: string) {
  const signIn = await fetch(`${origin}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ username: "admin", password: "dev-password" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .join("; ");
  if (!cookie.includes("adminSession=")) throw new Error(`bench: could not sign in as the local admin (${signIn.status})`);
  return { Cookie: cookie, Origin: origin };
}

export const PHOTO_ACCEPT = { Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };

/**
 * The product a real owner makes: two phone photos (4000x3000 with GPS and camera
 * metadata, made here with ImageMagick and exiftool; smaller when asked) uploaded through
 * the admin upload route, a product created through the admin form that uses them, and the time
 * the Queue and the Images binding took to make every variant. Also times the first request for a
 * variant before its set is ready (answered with a stripped copy made on request).
 */
export async function photoProduct(origin: string, size?: { width: number; height: number }) {
  const admin = await adminHeaders(origin);

  const dir = mkdtempSync(join(tmpdir(), "bench-photos-"));
  try {
    const keys: string[] = [];
    let originalBytes = 0;
    let firstRequestMs: number | null = null;
    for (const seed of [11, 12]) {
      const file = join(dir, `phone-${seed}.jpg`);
      writePhonePhoto(file, seed, size);
      const bytes = readFileSync(file);
      originalBytes += bytes.length;
      const put = () =>
        fetch(`${origin}/admin/uploads/image`, {
          method: "PUT",
          body: bytes,
          headers: { ...admin, Accept: "application/json", "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) },
        });
      // A kept-alive connection the local engine closed while ImageMagick worked fails the write (EPIPE),
      // and the pool may hold more than one such connection: up to three more tries, each on another.
      const uploaded = await put().catch(put).catch(put).catch(put);
      if (uploaded.status !== 201) throw new Error(`bench: photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const { key } = (await uploaded.json()) as { key: string };
      keys.push(key);
      if (firstRequestMs === null) {
        const started = performance.now();
        const interim = await fetch(`${origin}/images/${key}/w800`, { headers: PHOTO_ACCEPT });
        await interim.arrayBuffer();
        // Made on request (the set is not ready yet) when it is cached for 60 s only.
        if (/max-age=60\b/.test(interim.headers.get("Cache-Control") ?? "")) firstRequestMs = performance.now() - started;
      }
    }
    const started = performance.now();
    for (const key of keys) {
      for (;;) {
        const status = (await (await fetch(`${origin}/admin/uploads/image/${key}`, { headers: admin })).json()) as { status: string };
        if (status.status === "ready") break;
        if (status.status === "failed") throw new Error(`bench: the variants of ${key} failed`);
        if (performance.now() - started > 300_000) throw new Error(`bench: the variants of ${key} took over 5 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const variantsMs = performance.now() - started;

    const name = `Bench Photo Kush ${Date.now()}`;
    const form = new URLSearchParams({
      name,
      price: "45",
      description: "Two phone photos, as an owner takes them.",
      category: "indoors",
      thcContent: "24%",
      "effects[0]": "Relaxed",
      active: "on",
      inStock: "on",
    });
    for (const key of keys) form.append("images", `/images/${key}`);
    const created = await fetch(`${origin}/admin/add-product`, {
      method: "POST",
      redirect: "manual",
      headers: { ...admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    if (created.status !== 302 && created.status !== 303) throw new Error(`bench: creating the photo product answered ${created.status}`);
    const suggestions = (await (await fetch(`${origin}/search?q=${encodeURIComponent("Bench Photo Kush")}`)).json()) as {
      products: Array<{ name: string; href: string }>;
    };
    const path = suggestions.products.find((product) => product.name === name)?.href;
    if (!path) throw new Error("bench: the photo product is not found by search");
    return { path, variantPath: `/images/${keys[0]}/w640`, originalBytes, variantsMs, firstRequestMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
