import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_DEVICE_COOKIE } from "../../app/features/auth/device-cookie.server";
import { LOGIN_MAX_FAILURES } from "../../app/features/auth/login-throttle.server";
import { hashPassword } from "../../app/features/auth/password";
import { cookieFrom, postTo, requiredCookie, signInAs, type EnvChange } from "./sign-in-helpers";

/**
 * A device cookie lifts the sign-in limits only while the server still trusts that device
 * (docs/decisions/038): 'Sign out everywhere' forgets every device, and a new ADMIN_PASSWORD_HASH
 * makes every device trusted under the old one unknown. An unknown device is held by its address's
 * limit like anyone. Through the built Worker's fetch handler with real D1.
 */

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM login_attempts"), env.DB.prepare("DELETE FROM admin_devices")]);
});

const LOCKED = "198.51.100.77";

/** A successful sign-in from a fresh address: this browser's session and device cookies. */
async function signedIn(password = "dev-password", change: EnvChange = {}) {
  const response = await signInAs(password, { "CF-Connecting-IP": "192.0.2.30" }, change);
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  return { session: requiredCookie(response, "adminSession"), device: requiredCookie(response, ADMIN_DEVICE_COOKIE) };
}

/** LOCKED's own limit is reached: a sign-in from it without a trusted device waits. */
async function lockAddress(change: EnvChange = {}) {
  for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) await (await signInAs(`wrong-${i}`, { "CF-Connecting-IP": LOCKED }, change)).arrayBuffer();
}

/** The right password from the locked address, carrying this device cookie. */
async function fromLockedAddress(device: string, password = "dev-password", change: EnvChange = {}) {
  const response = await signInAs(password, { "CF-Connecting-IP": LOCKED, Cookie: device }, change);
  await response.arrayBuffer();
  return response;
}

async function deviceRows() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM admin_devices").first<number>("n")) ?? 0;
}

describe("device cookies can be revoked", () => {
  it("a device cookie stops working after 'Sign out everywhere'", async () => {
    const { device } = await signedIn();
    await lockAddress();
    // Trusted: the device signs in from the locked address, and is trusted again under a new id.
    const trusted = await fromLockedAddress(device);
    expect(trusted.status).toBe(302);
    const renewed = requiredCookie(trusted, ADMIN_DEVICE_COOKIE);
    const session = requiredCookie(trusted, "adminSession");
    expect(await deviceRows()).toBe(1);

    const out = await postTo("/admin/logout", { scope: "everywhere" }, { Cookie: session });
    expect(out.status).toBe(302);
    // This browser's device cookie is cleared too; a copy of it no longer counts anywhere.
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith(`${ADMIN_DEVICE_COOKIE}=;`))).toMatch(/Max-Age=0/);
    expect(await deviceRows()).toBe(0);

    await lockAddress();
    const revoked = await fromLockedAddress(renewed);
    expect(revoked.status).toBe(429);
    expect(cookieFrom(revoked, "adminSession")).toBeUndefined();
  });

  it("a device cookie stops working once ADMIN_PASSWORD_HASH changes, even with the new password", async () => {
    const { device } = await signedIn();
    const changed: EnvChange = { ADMIN_PASSWORD_HASH: await hashPassword("a new password", 1000) };
    await lockAddress(changed);
    const revoked = await fromLockedAddress(device, "a new password", changed);
    expect(revoked.status).toBe(429);
    // The stale row is gone: going back to the old hash does not bring the device back.
    expect(await deviceRows()).toBe(0);

    // A sign-in under the new password (from an address that is not locked) trusts this browser afresh.
    const { device: fresh } = await signedIn("a new password", changed);
    await lockAddress(changed);
    expect((await fromLockedAddress(fresh, "a new password", changed)).status).toBe(302);
  });

  it("the server keeps a hash of the device id, never the id or the password hash", async () => {
    const { device } = await signedIn();
    const row = await env.DB.prepare("SELECT * FROM admin_devices").first<Record<string, string | number>>();
    const stored = Object.values(row ?? {}).map(String);
    const signed = decodeURIComponent(device.slice(device.indexOf("=") + 1));
    const value: unknown = JSON.parse(atob(signed.slice(0, signed.lastIndexOf("."))));
    const id = typeof value === "object" && value !== null && "d" in value ? String(value.d) : "";
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(stored.join(" ")).not.toContain(id);
    expect(stored.join(" ")).not.toContain(env.ADMIN_PASSWORD_HASH);
    expect(row?.username).toBe("admin");
  });
});
