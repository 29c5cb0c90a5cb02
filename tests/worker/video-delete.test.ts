import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deleteVideoObject, videoKeyFromUrl } from "../../app/features/videos/video-upload.server";
import { createDb } from "../../app/server/load-context";

/**
 * Deleting a video never removes an object that a saved product still points to, whatever form the
 * product's URL takes (relative, absolute, with a query, percent-encoded) or the delete request's.
 */

const STORED_FORMS = (key: string) => [
  `/videos/${key}`,
  `https://shop.example/videos/${key}`,
  `http://localhost:8787/videos/${key}?autoplay=1`,
  `/videos/${key}#t=10`,
  `/videos/${encodeURIComponent(key).replace(/-/g, "%2D")}`,
];

describe("video deletion", () => {
  it("reads every form of one of our video URLs back to its key, and nothing else", () => {
    for (const url of STORED_FORMS("video-1-abc.mp4")) expect(videoKeyFromUrl(url), url).toBe("video-1-abc.mp4");
    for (const url of [
      "/images/video-1.mp4",
      "javascript:/videos/x.mp4",
      "/videos/../secret",
      "/videos/",
      "ftp://x/videos/a.mp4",
      "/videos/%E0%A4%A",
    ]) {
      expect(videoKeyFromUrl(url), url).toBeNull();
    }
  });

  it.each(STORED_FORMS("video-shown-1.mp4").map((stored) => [stored]))(
    "keeps the object while a product stores it as %s, whichever form the delete names",
    async (stored) => {
      const key = "video-shown-1.mp4";
      await env.VIDEOS.put(key, new Uint8Array([1, 2, 3]));
      await env.DB.prepare("UPDATE products SET video = ? WHERE id = (SELECT MIN(id) FROM products)").bind(stored).run();
      try {
        for (const asked of STORED_FORMS(key)) {
          expect(await deleteVideoObject(env, createDb(env.DB), asked), asked).toBe("in-use");
          expect(await env.VIDEOS.head(key)).not.toBeNull();
        }
      } finally {
        await env.DB.prepare("UPDATE products SET video = NULL WHERE video = ?").bind(stored).run();
      }
      // Once no product shows it, it goes.
      expect(await deleteVideoObject(env, createDb(env.DB), `https://shop.example/videos/${key}`)).toBe("deleted");
      expect(await env.VIDEOS.head(key)).toBeNull();
    },
  );
});
