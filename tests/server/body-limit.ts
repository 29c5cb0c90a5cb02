/**
 * npm run test:server — issue 27, findings 1 and 5, against the real `npm start` engine (wrangler's
 * local engine with its dev proxy in front, started on a free port with its own local state, as the
 * load test does). The worker tests cannot see these: they do not go through wrangler's proxy.
 *
 * Each case sends a body over a form limit — chunked or with a declared length, all at once or
 * trickling on — and passes when it gets a clear, bounded answer AND the next request (anyone's
 * GET /faq) is answered. Before the fix, one chunked 70 KB post left the engine answering nothing.
 *   tsx tests/server/body-limit.ts [--no-build] [--port N]
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { chunkedPost, type ChunkedAnswer } from "../../scripts/chunked-post";
import { startLocalWorker } from "../../scripts/local-worker";
import { portForScript } from "../../scripts/port";
import { prepareLocal } from "../../scripts/prepare-local";
import {
  BODY_TOO_LARGE_MESSAGE,
  DRAIN_TIME_LIMIT_MS,
  PRODUCT_FORM_TEXT_LIMIT,
  bodyTooLargeMessage,
} from "../../app/server/security.server";

const port = await portForScript(process.argv, "Run it with another --port, or without --port to take a free one.");
const persistTo = `.wrangler/server-test-${port}`;
if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
rmSync(persistTo, { recursive: true, force: true });
await prepareLocal(persistTo, undefined, { quiet: true });
const worker = await startLocalWorker(port, persistTo);
const { origin } = worker;

const results: [string, boolean, string][] = [];
function check(label: string, pass: boolean, detail: string) {
  results.push([label, pass, detail]);
  console.log(`${pass ? "PASS" : "FAIL"}  ${label} — ${detail}`);
}

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

const describe = (answer: ChunkedAnswer) => `${answer.status ?? answer.error} in ${answer.ms} ms`;

/** The sign-in the local engine's development credentials allow (.dev.vars from .dev.vars.example). */
async function adminCookie() {
  const response = await fetch(`${origin}/admin`, {
    method: "POST",
    body: new URLSearchParams({ username: "admin", password: "dev-password" }),
    headers: { Origin: origin },
    redirect: "manual",
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("adminSession="));
  if (!session) {
    const vars = readFileSync(".dev.vars", "utf8");
    throw new Error(
      `Could not sign in with the development password (status ${response.status}); is .dev.vars customised?\n${vars.split("\n")[0]}`,
    );
  }
  return session.split(";")[0]!;
}

let failed = false;
try {
  // Finding 1: every public form, and the sign-in, with a chunked body just over the limit.
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

  // A client that never stops sending: cut off once the drain's time limit is up.
  const trickle = await chunkedPost({ origin, path: "/contact", bytes: 70_000, trickle: true });
  const afterTrickle = await nextRequestAnswered();
  check(
    "chunked 70 KB POST /contact that trickles on forever: an answer within the drain's time limit, then the next request is answered",
    trickle.ms < DRAIN_TIME_LIMIT_MS + 5_000 && afterTrickle.ok,
    `${describe(trickle)}; ${afterTrickle.detail}`,
  );

  // Finding 5: the signed-in product form, 40 MB urlencoded, chunked and declared.
  const cookie = await adminCookie();
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
} catch (error) {
  check("the run finished", false, error instanceof Error ? error.message : String(error));
} finally {
  failed = results.some(([, pass]) => !pass);
  console.log(`\n${results.filter(([, pass]) => pass).length} passed, ${results.filter(([, pass]) => !pass).length} failed`);
  await worker.stop();
}
process.exit(failed ? 1 : 0);
