import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { LOCAL_LOGIN_CLIENT, LOGIN_MAX_FAILURES, UNKNOWN_LOGIN_CLIENT } from "../../app/features/auth/login-throttle.server";
import { OFF_THE_EDGE, signInAs, type EnvChange } from "./sign-in-helpers";

/**
 * The per-client sign-in limit keys on CF-Connecting-IP only behind Cloudflare's edge, which sets
 * that header itself (docs/decisions/038). Off the edge (the local engine) a client may send any
 * value, so every sign-in shares one bucket there: a new forged address buys no new guesses.
 * Through the built Worker's fetch handler with real D1; tests/server/sign-in-client.ts does the
 * same against the real `npm start` engine.
 */

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM login_attempts").run();
});

/** Wrong passwords, each from its own (forged) address, until the limit: every one is checked and fails. */
async function flood(addresses: readonly string[], change: EnvChange) {
  for (const [i, address] of addresses.entries()) {
    const response = await signInAs(`wrong-${i}`, { "CF-Connecting-IP": address }, change);
    expect(response.status).toBe(401);
    await response.arrayBuffer();
  }
}

async function buckets() {
  const { results } = await env.DB.prepare("SELECT DISTINCT client FROM login_attempts").all<{ client: string }>();
  return results.map((row) => row.client);
}

/** What a client can put in the header: any text, long and non-Latin too, sent as its UTF-8 bytes. */
const forgedHeader = fc
  .oneof(
    fc.ipV4(),
    fc.ipV6(),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }),
    fc.string({ minLength: 1000, maxLength: 4000 }),
  )
  .map((text) => String.fromCharCode(...new TextEncoder().encode(text)).replace(/[\0\r\n]/g, ""));

describe("off Cloudflare's edge (the local engine)", () => {
  it("two sign-in floods with different forged CF-Connecting-IP values share one throttle", async () => {
    await flood(["203.0.113.1", "203.0.113.2", "203.0.113.3"], OFF_THE_EDGE);
    await flood(["198.51.100.1", "198.51.100.2"], OFF_THE_EDGE);
    const next = await signInAs("dev-password", { "CF-Connecting-IP": "192.0.2.200" }, OFF_THE_EDGE);
    expect(next.status).toBe(429);
    expect(await next.text()).toContain("Too many sign-in attempts. Please wait");
    expect(await buckets()).toEqual([LOCAL_LOGIN_CLIENT]);
  });

  it("whatever a client sends as CF-Connecting-IP (or nothing), it lands in the one bucket", async () => {
    await flood(["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "203.0.113.5"], OFF_THE_EDGE);
    await fc.assert(
      fc.asyncProperty(fc.option(forgedHeader, { nil: undefined }), async (forged) => {
        const headers: Record<string, string> = forged === undefined ? {} : { "CF-Connecting-IP": forged };
        const response = await signInAs("dev-password", headers, OFF_THE_EDGE);
        await response.arrayBuffer();
        expect(response.status).toBe(429);
      }),
      { numRuns: fcRuns(40) },
    );
    expect(await buckets()).toEqual([LOCAL_LOGIN_CLIENT]);
  });
});

describe("behind Cloudflare's edge (the header is the edge's)", () => {
  it(`each address has its own limit: ${LOGIN_MAX_FAILURES} failures from one do not hold off another`, async () => {
    await flood(
      Array.from({ length: LOGIN_MAX_FAILURES }, () => "203.0.113.7"),
      {},
    );
    const same = await signInAs("dev-password", { "CF-Connecting-IP": "203.0.113.7" });
    expect(same.status).toBe(429);
    await same.arrayBuffer();
    const other = await signInAs("dev-password", { "CF-Connecting-IP": "203.0.113.8" });
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("a header that is not an address is never a bucket of its own, and never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        forgedHeader.filter((text) => !/^[0-9A-Fa-f.:]{2,45}$/.test(text.trim())),
        async (forged) => {
          const response = await signInAs("not-the-password", { "CF-Connecting-IP": forged });
          await response.arrayBuffer();
          expect([401, 429]).toContain(response.status);
        },
      ),
      { numRuns: fcRuns(25) },
    );
    expect(await buckets()).toEqual([UNKNOWN_LOGIN_CLIENT]);
  });
});
