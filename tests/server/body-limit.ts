/**
 * npm run test:server — body limits against the real `npm start` engine (wrangler's
 * local engine with its dev proxy in front, started on a free port with its own local state, as the
 * load test does). The worker tests cannot see these: they do not go through wrangler's proxy.
 *
 * Each case sends a body over a form limit — chunked or with a declared length, all at once or
 * trickling on — and passes when it gets a clear, bounded answer AND the next request (anyone's
 * GET /faq) is answered. Before the fix, one chunked 70 KB post left the engine answering nothing.
 *   tsx tests/server/body-limit.ts [--no-build] [--port N]
 */
import { chunkedPost, type ChunkedAnswer } from "../../scripts/chunked-post";
import { devAdminCookie } from "../../scripts/dev-admin";
import { BODY_TOO_LARGE_MESSAGE, PRODUCT_FORM_TEXT_LIMIT, bodyTooLargeMessage } from "../../app/server/security.server";
import { DRAIN_TIME_LIMIT_MS } from "../../app/server/body-drain.server";
import { createChecks, startTestEngine } from "./engine";

const worker = await startTestEngine("body-limit");
const { origin } = worker;

const { check, runChecks } = createChecks();

/** The next request from anyone is answered, quickly. */
async function nextRequestAnswered() {
  const started = Date.now();
  try {
    const response = await fetch(`${origin}/faq`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { ok: response.status === 200, detail: `GET /faq ${response.status} in ${Date.now() - started} ms` };
  } catch (error) {
    return { ok: false, detail: `GET /faq: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** An anonymous visitor adds a product to the cart: a redirect or a page, never a 5xx. */
async function anonymousCartPost() {
  try {
    const response = await fetch(`${origin}/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: "1" }),
      headers: { Origin: origin },
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { ok: response.status >= 200 && response.status < 400, detail: `POST /cart ${response.status}` };
  } catch (error) {
    return { ok: false, detail: `POST /cart: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Other visitors, one after another, until stopped: cart posts and GET /faq; returns the answers that were not 2xx/3xx. */
function visitorsMeanwhile() {
  let stopped = false;
  let total = 0;
  const bad: string[] = [];
  const run = (async () => {
    while (!stopped) {
      for (const visit of [anonymousCartPost, nextRequestAnswered]) {
        const answer = await visit();
        total++;
        if (!answer.ok) bad.push(answer.detail);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return { total, bad };
    },
  };
}

const describe = (answer: ChunkedAnswer) => `${answer.status ?? answer.error} in ${answer.ms} ms`;

await runChecks({ engine: worker }, async () => {
  // Every public form, and the sign-in, with a chunked body just over the limit.
  for (const path of ["/contact", "/cart", "/age-gate", "/admin", "/admin/logout"]) {
    const answer = await chunkedPost({ origin, path, bytes: 70_000 });
    const next = await nextRequestAnswered();
    check(
      `chunked 70 KB POST ${path}: 413 with the message, then the next request is answered`,
      answer.status === 413 && answer.body === BODY_TOO_LARGE_MESSAGE && answer.ms < 10_000 && next.ok,
      `${describe(answer)}; ${next.detail}`,
    );
  }

  // The same with a declared length (refused before reading), and bodies of other sizes.
  const sized: [string, Parameters<typeof chunkedPost>[0]][] = [
    ["declared 70 KB", { origin, path: "/contact", bytes: 70_000, declareLength: true }],
    ["chunked 1 MB", { origin, path: "/contact", bytes: 1024 * 1024 }],
    ["chunked 20 MB", { origin, path: "/contact", bytes: 20 * 1024 * 1024 }],
  ];
  for (const [label, post] of sized) {
    const answer = await chunkedPost(post);
    const next = await nextRequestAnswered();
    check(
      `${label} POST /contact: answered 413 (or cut off), then the next request is answered`,
      (answer.status === 413 || answer.error === "ECONNRESET" || answer.error === "EPIPE") && answer.ms < 15_000 && next.ok,
      `${describe(answer)}; ${next.detail}`,
    );
  }

  // A slow sender still sending after the drain's time limit: read on (never cut off, which used to
  // cost other visitors a 503 now and then), answered once its body ends; other visitors meanwhile
  // are all answered.
  {
    const visitors = visitorsMeanwhile();
    // Two slow senders at once: with a cut-off at the time limit, this is what cost other visitors a 503.
    const slow = () => chunkedPost({ origin, path: "/contact", bytes: 70_000, trickle: true, trickleMs: DRAIN_TIME_LIMIT_MS + 3_000 });
    const senders = await Promise.all([slow(), slow()]);
    const others = await visitors.stop();
    check(
      "two slow chunked POSTs to /contact still sending past the drain's time limit: each its 413 once it stops, and every other visitor meanwhile answered 2xx/3xx",
      senders.every((sender) => sender.status === 413) && others.bad.length === 0 && others.total > 0,
      `${senders.map(describe).join(", ")}; ${others.total} other requests, not answered well: ${others.bad.join(", ") || "none"}`,
    );
  }

  // The signed-in product form, 40 MB urlencoded, chunked and declared.
  const cookie = await devAdminCookie(origin);
  for (const declareLength of [false, true]) {
    const answer = await chunkedPost({
      origin,
      path: "/admin/add-product",
      bytes: 40 * 1024 * 1024,
      declareLength,
      headers: { Cookie: cookie },
    });
    const next = await nextRequestAnswered();
    check(
      `signed-in 40 MB ${declareLength ? "declared" : "chunked"} POST /admin/add-product: 413 with the message, not echoed`,
      (answer.status === 413 ? answer.body === bodyTooLargeMessage(PRODUCT_FORM_TEXT_LIMIT) : answer.error === "ECONNRESET") &&
        answer.body.length < 1000 &&
        next.ok,
      `${describe(answer)}, ${answer.body.length} bytes of body; ${next.detail}`,
    );
  }

  // Refused uploads, each followed by anyone's cart post and GET /faq: the route answers after
  // peeking at the first bytes (or before reading any), and the Worker entry reads the rest.
  const text = (bytes: number) => ({ bytes, headers: { Cookie: cookie, "Content-Type": "image/png" } });
  const uploads: [string, Parameters<typeof chunkedPost>[0], (status: number | null) => boolean][] = [];
  for (const [size, bytes] of [
    ["16 KB", 16 * 1024],
    ["200 KB", 200 * 1024],
    ["1 MB", 1024 * 1024],
  ] as const) {
    for (const declareLength of [true, false]) {
      uploads.push([
        `text as a PNG, ${size} ${declareLength ? "declared" : "chunked"}, PUT /admin/uploads/image`,
        { origin, path: "/admin/uploads/image", method: "PUT", declareLength, ...text(bytes) },
        // a declared length is refused as not an image (415), a chunked one as having no length (411)
        (status) => status === (declareLength ? 415 : 411),
      ]);
    }
  }
  uploads.push(
    [
      "a fake HEIC (its signature, then text), 200 KB, POST /admin/uploads/image",
      {
        origin,
        path: "/admin/uploads/image",
        declareLength: true,
        first: Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1heic", "latin1"),
        bytes: 200 * 1024,
        headers: { Cookie: cookie, "Content-Type": "image/heic" },
      },
      (status) => status !== null && status >= 400 && status < 500,
    ],
    [
      "a text file as a lab report, 200 KB, POST /admin/uploads/lab-report",
      {
        origin,
        path: "/admin/uploads/lab-report",
        declareLength: true,
        bytes: 200 * 1024,
        headers: { Cookie: cookie, "Content-Type": "application/pdf", "X-File-Name": "report.pdf" },
      },
      (status) => status !== null && status >= 400 && status < 500,
    ],
    [
      "an upload without a session, 1 MB, PUT /admin/uploads/image",
      {
        origin,
        path: "/admin/uploads/image",
        method: "PUT",
        declareLength: true,
        bytes: 1024 * 1024,
        headers: { "Content-Type": "image/png" },
      },
      (status) => status === 302 || status === 401 || status === 403,
    ],
    [
      "a video part with an upload id that does not exist, 1 MB, PUT /admin/uploads/video/part",
      {
        origin,
        path: "/admin/uploads/video/part?uploadId=no-such-upload&partNumber=1&key=videos%2Fnone.mp4",
        method: "PUT",
        declareLength: true,
        bytes: 1024 * 1024,
        headers: { Cookie: cookie, "Content-Type": "video/mp4" },
      },
      (status) => status !== null && status >= 400 && status < 500,
    ],
  );
  for (const [label, post, refused] of uploads) {
    const answer = await chunkedPost(post);
    const cart = await anonymousCartPost();
    const next = await nextRequestAnswered();
    check(
      `${label}: refused, then a cart post and the next page are answered`,
      refused(answer.status) && cart.ok && next.ok,
      `${describe(answer)}; ${cart.detail}; ${next.detail}`,
    );
  }
});
