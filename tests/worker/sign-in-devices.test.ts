import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { ADMIN_DEVICE_COOKIE } from "../../app/features/auth/device-cookie.server";
import { LOGIN_WINDOW_MS, beginLoginAttempt } from "../../app/features/auth/login-throttle.server";
import { createDb } from "../../app/server/load-context";
import { read } from "./admin-helpers";
import { ORIGIN } from "./helpers";

/**
 * Sign-in devices (docs/decisions/023): a stranger can slow guessing but never lock the owner
 * out of a device that has signed in before, and the shop-wide lock cannot be held by one new
 * failure per expiring row. Through the Worker's real fetch handler with real D1.
 */

async function call(url: string, init: RequestInit = {}) {
  const request = new Request(url.startsWith("http") ? url : `${ORIGIN}${url}`, { redirect: "manual", ...init });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function signIn(ip: string, password = "dev-password", cookie = "", origin = ORIGIN) {
  const { host } = new URL(origin);
  return call(`${origin}/admin`, {
    method: "POST",
    body: new URLSearchParams({ username: "admin", password }),
    headers: { Origin: origin, Host: host, "CF-Connecting-IP": ip, Cookie: cookie },
  });
}

function setCookie(response: Response, name: string) {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** The device cookie a successful sign-in leaves in the browser ("Cookie" header value). */
async function deviceFromSignIn(ip = "192.0.2.10") {
  const response = await signIn(ip);
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  return setCookie(response, ADMIN_DEVICE_COOKIE)!.split(";")[0]!;
}

/** 50 wrong passwords from 10 addresses, 5 each: the shop-wide limit. */
async function strangersGuess(prefix = "203.0.113") {
  for (let batch = 0; batch < 10; batch++) {
    for (let i = 0; i < 5; i++) {
      const response = await signIn(`${prefix}.${100 + batch}`, `guess-${i}`);
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
  }
}

/** Fifty wrong passwords, each a real sign-in with its PBKDF2 check, on a busy machine. */
const GUESSES_TIMEOUT = 60_000;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM login_attempts").run();
});

describe("device cookies", () => {
  it("a sign-in leaves a signed, HttpOnly device cookie for /admin only, kept for a year", async () => {
    const response = await signIn("192.0.2.11");
    await response.arrayBuffer();
    const cookie = setCookie(response, ADMIN_DEVICE_COOKIE)!;
    expect(cookie).toMatch(/; Path=\/admin(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Max-Age=31536000/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const https = await signIn("192.0.2.11", "dev-password", "", "https://shop.example");
    await https.arrayBuffer();
    // Away from localhost the development password is refused, but no cookie is ever sent without Secure.
    for (const sent of https.headers.getSetCookie()) expect(sent).toMatch(/; Secure/);
  });

  it(
    "after 50 failures from 10 addresses the owner still signs in from a device that signed in before",
    async () => {
      const device = await deviceFromSignIn();
      await strangersGuess();
      const stranger = await signIn("192.0.2.99");
      expect(stranger.status).toBe(429);
      expect(await read(stranger)).toContain("Too many sign-in attempts on this shop.");

      const owner = await signIn("192.0.2.99", "dev-password", device);
      expect(owner.status).toBe(302);
      expect(owner.headers.get("Location")).toBe("/admin/dashboard");
      expect(setCookie(owner, "adminSession")).toBeDefined();
      // A new device id each time.
      expect(setCookie(owner, ADMIN_DEVICE_COOKIE)!.split(";")[0]).not.toBe(device);
    },
    GUESSES_TIMEOUT,
  );

  it("even from an address that is locked out itself", async () => {
    const device = await deviceFromSignIn("198.51.100.7");
    for (let i = 0; i < 6; i++) await (await signIn("198.51.100.7", `wrong-${i}`)).arrayBuffer();
    expect((await signIn("198.51.100.7")).status).toBe(429);
    expect((await signIn("198.51.100.7", "dev-password", device)).status).toBe(302);
  });

  it("a known device is limited on its own: 5 failures, then it waits (others are not affected)", async () => {
    const device = await deviceFromSignIn();
    for (let i = 0; i < 5; i++) {
      const response = await signIn(`192.0.2.${50 + i}`, `wrong-${i}`, device);
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    const sixth = await signIn("192.0.2.60", "dev-password", device);
    expect(sixth.status).toBe(429);
    expect(await read(sixth)).toMatch(/Too many sign-in attempts. Please wait 1[45] minutes and try again./);
    // The device's failures are not the shop's: nobody else waits.
    expect((await signIn("192.0.2.61")).status).toBe(302);
  });

  it(
    "a forged device cookie, or one for another username, counts as an unknown device",
    async () => {
      const device = await deviceFromSignIn();
      await strangersGuess();
      const [name, value] = device.split("=") as [string, string];
      const forged = `${name}=${value.slice(0, -3)}abc`;
      expect((await signIn("192.0.2.98", "dev-password", forged)).status).toBe(429);
      const other = await call("/admin", {
        method: "POST",
        body: new URLSearchParams({ username: "someone-else", password: "dev-password" }),
        headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "CF-Connecting-IP": "192.0.2.97", Cookie: device },
      });
      expect(other.status).toBe(429);
    },
    GUESSES_TIMEOUT,
  );
});

describe("the shop-wide lock cannot be held", () => {
  const db = () => createDb(env.DB);

  it(
    "one new failure per expiring row does not extend it: it ends 15 minutes after it started",
    async () => {
      const start = Date.now();
      // 50 failures spread over 14 minutes from 10 addresses.
      for (let i = 0; i < 50; i++) {
        const attempt = await beginLoginAttempt(db(), `203.0.113.${i % 10}`, start + i * 16_000);
        expect(attempt.status).toBe("allowed");
      }
      const lockedAt = start + 14 * 60_000;
      const tripped = await beginLoginAttempt(db(), "203.0.113.200", lockedAt);
      expect(tripped).toEqual({ status: "throttled", scope: "global", retryAfterMs: LOGIN_WINDOW_MS });
      // The attacker keeps trying from new addresses every 16 seconds, as rows expire.
      for (let t = lockedAt + 16_000; t < lockedAt + LOGIN_WINDOW_MS; t += 16_000) {
        const attempt = await beginLoginAttempt(db(), `198.51.100.${t % 200}`, t);
        expect(attempt.status).toBe("throttled");
        if (attempt.status === "throttled") expect(attempt.retryAfterMs).toBeLessThanOrEqual(lockedAt + LOGIN_WINDOW_MS - t);
      }
      // When the lock ends, the count starts from nothing: the owner's new device gets in.
      const after = await beginLoginAttempt(db(), "192.0.2.1", lockedAt + LOGIN_WINDOW_MS + 1);
      expect(after.status).toBe("allowed");
    },
    GUESSES_TIMEOUT,
  );
});
