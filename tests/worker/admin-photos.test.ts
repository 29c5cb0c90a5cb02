import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../app/server/load-context";
import { getBackfillState, getImageStatus } from "../../app/features/photos/photo-pipeline.server";
import { adminGet, adminPost, follow, post, read } from "./admin-helpers";
import { get } from "./helpers";
import { photo } from "./photos";
import { definitionsOf, elementsOf } from "./page-parts";

/**
 * /admin/photos (decision 022): the owner sees where the photos stand, prepares photos uploaded
 * before the pipeline (the backfill, through the real Queue and consumer) and retries failed ones —
 * real forms, against real D1, R2, the Queue and the Images binding.
 */

const db = createDb(env.DB);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const uniqueKey = (label: string) => `image-${Date.now()}-${label}${Math.random().toString(36).slice(2, 8)}.jpg`;

describe("/admin/photos", () => {
  it("is the owner's only: a visitor is sent to sign in and cannot start anything", async () => {
    const page = await post("/admin/photos", { intent: "backfill" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    const view = await get("/admin/photos");
    expect(view.status).toBe(302);
  });

  it("shows the counts and each failed photo's reason; Retry failed photos makes it again", async () => {
    const key = uniqueKey("failed");
    await env.IMAGES.put(key, photo("small"), { httpMetadata: { contentType: "image/jpeg" } });
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO image_uploads (key, status, content_type, size, attempts, error, created_at, updated_at) VALUES (?, 'failed', 'image/jpeg', 100, 3, 'The Images service was unavailable', ?, ?)",
    )
      .bind(key, now, now)
      .run();

    const html = await read(await adminGet("/admin/photos"));
    expect(html).toContain("<title>Photos | ");
    const failed = (await definitionsOf(html)).find(([term]) => term === "Failed");
    expect(Number(failed?.[1])).toBeGreaterThan(0);
    expect(html).toContain(key);
    expect(html).toContain("The Images service was unavailable");
    const retryForm = (await elementsOf(html, 'form[method="post"]')).find(({ text }) => text === "Retry failed photos");
    expect(retryForm, "a form whose only button is Retry failed photos").toBeDefined();
    expect(await elementsOf(html, 'form[method="post"] input[type="hidden"][name="intent"][value="retry-failed"]')).toHaveLength(1);

    const retried = await follow(await adminPost("/admin/photos", { intent: "retry-failed" }));
    expect(retried.location).toBe("/admin/photos");
    expect(retried.html).toMatch(/\d+ (photo is|photos are) queued again\./);
    expect(
      await until(
        () => getImageStatus(db, key),
        (status) => status?.status === "ready",
      ),
    ).toMatchObject({ status: "ready" });

    const none = await follow(await adminPost("/admin/photos", { intent: "retry-failed" }));
    expect(none.html).toContain("There was nothing to retry.");
  }, 90_000);

  it("Prepare older photos walks the bucket through the Queue and says when it is done", async () => {
    const key = uniqueKey("older");
    await env.IMAGES.put(key, photo("small"), { httpMetadata: { contentType: "image/jpeg" } });
    expect(await read(await adminGet("/admin/photos"))).toContain("Prepare older photos");

    const started = await follow(await adminPost("/admin/photos", { intent: "backfill" }));
    expect(started.html).toContain("Preparing older photos");
    const state = await until(
      () => getBackfillState(db),
      (value) => value?.state === "done",
    );
    expect(state!.listed).toBeGreaterThan(0);
    expect(
      await until(
        () => getImageStatus(db, key),
        (status) => status?.status === "ready",
      ),
    ).toMatchObject({ status: "ready" });
    expect(await read(await adminGet("/admin/photos"))).toMatch(/Done: \d+ photos? looked at\./);
  }, 90_000);

  it("answers an unknown action with a clear message and changes nothing", async () => {
    const before = await getBackfillState(db);
    for (const fields of <Record<string, string>[]>[{ intent: "delete-everything" }, {}]) {
      const answered = await follow(await adminPost("/admin/photos", fields));
      expect(answered.status).toBe(200);
      expect(answered.html).toContain("Unknown photo action");
    }
    expect(await getBackfillState(db)).toEqual(before);
  });
});
