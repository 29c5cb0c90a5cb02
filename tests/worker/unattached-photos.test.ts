import { createScheduledController, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { variantObjectKey } from "../../app/features/photos/photo-variants";
import { UNATTACHED_PHOTO_HOURS } from "../../app/features/trash/trash.server";
import worker from "../../workers/app";
import { adminPost } from "./admin-helpers";
import { ORIGIN, adminCookie, expectStatus, get } from "./helpers";
import { editForm } from "./product-form-page";
import { photo } from "./photos";

/**
 * A photo uploaded on a product form that was never saved (closed, or saved before the upload
 * ended) is deleted by the hourly cron a day later, with its variants and its record; photos on a
 * product or in the trash stay. The clock is the cron's own scheduled time, fixed here.
 */

const HOUR = 60 * 60 * 1000;
/** The cron's clock for these tests: far after every upload's real time, so only created_at decides. */
const CRON_AT = Date.UTC(2030, 0, 1, 12, 17);

let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

/** An upload through the product form's own route, recorded as made `hoursBefore` the cron runs. */
async function uploadedPhoto(hoursBefore: number) {
  const bytes = photo("small");
  const response = await SELF.fetch(`${ORIGIN}/admin/uploads/image`, {
    method: "PUT",
    body: bytes,
    headers: {
      Origin: ORIGIN,
      Accept: "application/json",
      Cookie: cookie,
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
    },
  });
  expect(response.status).toBe(201);
  const { key, url } = await response.json<{ key: string; url: string }>();
  await env.DB.prepare("UPDATE image_uploads SET created_at = ? WHERE key = ?")
    .bind(CRON_AT - hoursBefore * HOUR, key)
    .run();
  // A variant beside the original, as the Queue's consumer writes them.
  await env.IMAGES.put(variantObjectKey(key, "w400", "webp"), new Uint8Array([1, 2, 3]));
  return { key, url };
}

async function stored(key: string) {
  const [original, variant, row] = await Promise.all([
    env.IMAGES.head(key),
    env.IMAGES.head(variantObjectKey(key, "w400", "webp")),
    env.DB.prepare("SELECT key FROM image_uploads WHERE key = ?").bind(key).first(),
  ]);
  return { original: original !== null, variant: variant !== null, row: row !== null };
}

const runCron = () => worker.scheduled(createScheduledController({ scheduledTime: new Date(CRON_AT), cron: "17 * * * *" }), env);

describe("photos uploaded but never saved on a product", () => {
  it("are deleted with their variants a day later; a product's, a trashed product's and a recent upload stay", async () => {
    const forgotten = await uploadedPhoto(UNATTACHED_PHOTO_HOURS + 1);
    const onProduct = await uploadedPhoto(UNATTACHED_PHOTO_HOURS + 5);
    const inTrash = await uploadedPhoto(UNATTACHED_PHOTO_HOURS + 5);
    const recent = await uploadedPhoto(UNATTACHED_PHOTO_HOURS - 1);
    // Product 2 shows one as an extra image; a trashed product keeps the other for its Restore.
    await env.DB.prepare("UPDATE products SET extra_images = ? WHERE id = 2")
      .bind(JSON.stringify([onProduct.url]))
      .run();
    // Deleted an hour before the cron runs, so the trash's own 30-day purge keeps it.
    await env.DB.prepare("INSERT INTO product_trash (id, name, row, deleted_at) VALUES (?, 'Gone for now', ?, ?)")
      .bind(
        9_900_001,
        JSON.stringify({ id: 9_900_001, name: "Gone for now", image: inTrash.url, extraImages: "[]" }),
        new Date(CRON_AT - HOUR).toISOString(),
      )
      .run();

    await runCron();

    expect(await stored(forgotten.key)).toEqual({ original: false, variant: false, row: false });
    await expectStatus(get(forgotten.url), 404);
    for (const [which, kept] of Object.entries({ onProduct, inTrash, recent })) {
      expect({ which, ...(await stored(kept.key)) }).toEqual({ which, original: true, variant: true, row: true });
    }
    // The body is read to its end: the Worker keeps a copy of the image as it streams.
    await expectStatus(get(onProduct.url), 200);
  });

  it("cannot be put on a product afterwards: a form still holding one is refused and comes back without it", async () => {
    const forgotten = await uploadedPhoto(UNATTACHED_PHOTO_HOURS + 2);
    await runCron();
    expect(await stored(forgotten.key)).toEqual({ original: false, variant: false, row: false });

    const form = await editForm(3);
    const before = form.getAll("images");
    form.append("images", forgotten.url);
    const response = await adminPost("/admin/edit-product/3", form);
    expect(response.status).toBe(400);
    const page = (await response.text()).replace(/<!-- -->/g, "");
    expect(page).toContain("A photo was uploaded over a day ago and never saved, so it was cleaned up; upload it again.");
    expect(page).not.toContain(forgotten.key);
    const row = await env.DB.prepare("SELECT image, extra_images FROM products WHERE id = 3").first<{
      image: string;
      extra_images: string;
    }>();
    expect([row?.image, ...JSON.parse(row?.extra_images ?? "[]")].filter(Boolean)).toEqual(before);
  });
});
