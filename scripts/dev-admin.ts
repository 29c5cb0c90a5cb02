/**
 * The admin session cookie that the local engine's development credentials (.dev.vars from
 * .dev.vars.example) give: for the server test and the load test's refused-upload attacker.
 */
import { readFileSync } from "node:fs";

export async function devAdminCookie(origin: string) {
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
  return session.split(";")[0] ?? session;
}
