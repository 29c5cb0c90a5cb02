/**
 * npm run test:server — the sign-in limit on the real `npm start` engine (wrangler's local engine with
 * its dev proxy in front, on a free port with its own local state). That engine keeps a
 * CF-Connecting-IP the client sends, so the Worker must not key its per-client limit on it there
 * (docs/decisions/038): two floods of wrong passwords, each request with its own forged address,
 * share one limit, and the next sign-in waits whatever address it claims.
 *   tsx tests/server/sign-in-client.ts [--no-build] [--port N]
 */
import { LOGIN_MAX_FAILURES } from "../../app/features/auth/login-throttle.server";
import { createChecks, startTestEngine } from "./engine";

const worker = await startTestEngine("sign-in");
const { origin } = worker;

const { check, runChecks } = createChecks();

/** A sign-in as admin claiming to come from `address`; the answer's status. */
async function signIn(password: string, address: string) {
  const response = await fetch(`${origin}/admin`, {
    method: "POST",
    body: new URLSearchParams({ username: "admin", password }),
    headers: { Origin: origin, "CF-Connecting-IP": address },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

await runChecks({ engine: worker }, async () => {
  const first = Math.ceil(LOGIN_MAX_FAILURES / 2);
  const statuses: number[] = [];
  // Flood one, then flood two: every wrong password claims a new address.
  for (let i = 0; i < first; i++) statuses.push(await signIn(`wrong-${i}`, `203.0.113.${i + 1}`));
  for (let i = first; i < LOGIN_MAX_FAILURES; i++) statuses.push(await signIn(`wrong-${i}`, `198.51.100.${i + 1}`));
  check(
    `${LOGIN_MAX_FAILURES} wrong passwords from ${LOGIN_MAX_FAILURES} forged addresses: each checked and refused`,
    statuses.every((status) => status === 401),
    statuses.join(", "),
  );
  const next = await signIn("dev-password", "192.0.2.250");
  check("the next sign-in, from yet another forged address and with the right password, waits (429)", next === 429, String(next));
  const none = await signIn("dev-password", "");
  check("so does one that sends no address at all", none === 429, String(none));
});
