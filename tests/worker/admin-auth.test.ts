/**
 * Admin access control, over every admin route file (route-files.ts): without a session, each loader
 * (GET) and action (POST) is refused and nothing changes.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { post as postForm } from "./admin-helpers";
import { adminCookie, expectAnswer, get } from "./helpers";
import { ADMIN_ROUTES as routes, SAMPLE_ID } from "./route-files";

/**
 * Every table's rows and every stored object, to prove a refused request changed nothing. The
 * search indexes (FTS5 virtual tables and their shadow tables) are derived from products: skipped.
 */
async function snapshot() {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM sqlite_master AS t WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
       AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
     ORDER BY name`,
  ).all<{ name: string }>();
  const state: Record<string, string> = {};
  // Every table in one D1 round trip: this runs twice for each of the matrix's requests.
  const rows = await env.DB.batch(tables.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)));
  tables.forEach(({ name }, index) => {
    state[name] = JSON.stringify(rows[index]!.results);
  });
  for (const [label, bucket] of [
    ["r2:images", env.IMAGES],
    ["r2:videos", env.VIDEOS],
  ] as const) {
    const listed = await bucket.list();
    state[label] = JSON.stringify(listed.objects.map((object) => [object.key, object.etag]));
  }
  return state;
}

/** A body that would change something if an action ever ran without a session. */
function hostileBody(intent: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent,
    productId: SAMPLE_ID,
    id: SAMPLE_ID,
    name: "Changed without a session",
    price: "1",
    description: "x",
    category: "indoors",
    strainType: "indica",
    thcContent: "1",
    effects: "x",
    active: "on",
    version: "1",
    redirectTo: "/",
    clearExisting: "true",
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

const INTENTS = ["toggle", "add", "rename", "delete", "start", "create", "abort", "complete", "restore", "restore-sizes"];

describe("the admin route matrix (built from app/routes/admin*)", () => {
  it("finds the admin routes", () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/admin/dashboard",
        "/admin/products",
        "/admin/add-product",
        "/admin/edit-product/1",
        "/admin/products/edit/1",
        "/admin/products/1/delete",
        "/admin/categories",
        "/admin/categories/1/delete",
        "/admin/logout",
      ]),
    );
  });

  /** The first statement of an exported loader or action, or null when the module has none. */
  function firstStatement(source: string, name: string) {
    const match = new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\b\\([^)]*\\)[^{]*\\{\\s*([^;]*);`).exec(source);
    return match ? match[1]! : null;
  }
  const GUARD = /^(?:const \w+ = )?await requireAdmin\(request, context[,)]/;
  /** Shared modules a route may hand the whole request to; each must itself start with the guard. */
  const GUARDED_MODULE = import.meta.glob<string>("../../app/features/admin/product-form.server.ts", {
    query: "?raw",
    import: "default",
    eager: true,
  });
  const DELEGATES = ["loadProductForm", "productFormAction"];

  it("the shared product-form module guards both of its entry points", () => {
    const source = Object.values(GUARDED_MODULE)[0]!;
    for (const name of DELEGATES) expect(firstStatement(source, name), name).toMatch(GUARD);
  });

  it.each(routes.map((route) => [route.url, route] as const))("every loader and action of %s calls requireAdmin first", (_url, route) => {
    for (const kind of ["loader", "action"] as const) {
      if (kind === "loader" ? !route.hasLoader : !route.hasAction) continue;
      const body = firstStatement(route.source, kind) ?? "";
      // Either the route guards itself, or it hands the whole request to a shared module that does.
      const delegated = new RegExp(`^return\\s+(?:${DELEGATES.join("|")})\\(request, context`).test(body);
      expect(GUARD.test(body) || delegated, `${route.file} ${kind}: ${body}`).toBe(true);
    }
  });

  it.each(routes.map((route) => [route.url, route] as const))("GET %s without a session redirects to /admin", async (_url, route) => {
    const before = await snapshot();
    for (const accept of ["text/html", "application/json"]) {
      const response = await get(route.url, { headers: { Accept: accept } });
      await response.arrayBuffer();
      if (!route.hasLoader) {
        expect(response.status).toBe(405);
        continue;
      }
      expect(response.status, `${route.url} (${accept})`).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(routes.map((route) => [route.url, route] as const))(
    "POST %s without a session is refused and changes nothing",
    async (_url, route) => {
      const before = await snapshot();
      // A route without an action answers 405 whatever is posted: one post is enough to show it.
      for (const intent of route.hasAction ? INTENTS : INTENTS.slice(0, 1)) {
        const html = await postForm(route.url, hostileBody(intent), { headers: { Accept: "text/html" } });
        await html.arrayBuffer();
        const json = await postForm(route.url, hostileBody(intent), { headers: { Accept: "application/json" } });
        const jsonBody = await json.text();
        if (!route.hasAction) {
          expect(html.status).toBe(405);
          expect(json.status).toBe(405);
          continue;
        }
        expect(html.status, `${route.url} intent=${intent}`).toBe(302);
        expect(html.headers.get("Location")).toBe("/admin");
        expect(json.status, `${route.url} intent=${intent} (JSON)`).toBe(401);
        expect(jsonBody).toContain("Admin authentication required");
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(routes.map((route) => [route.url, route] as const))("the client-side data request for %s is refused too", async (_url, route) => {
    if (!route.hasLoader) return;
    const before = await snapshot();
    const response = await get(`${route.url}.data`);
    const text = await response.text();
    // Single fetch answers a thrown redirect as a redirect instruction, never the loader's data.
    expect([202, 302, 204]).toContain(response.status);
    expect(text + (response.headers.get("X-Remix-Redirect") ?? "") + (response.headers.get("Location") ?? "")).toContain("/admin");
    expect(await snapshot()).toEqual(before);
  });
});

function signIn(fields: Record<string, string>, ip: string) {
  return postForm("/admin", fields, { headers: { "CF-Connecting-IP": ip } });
}

function cookieValue(setCookie: string | null, name: string) {
  return setCookie
    ?.split(/,(?=\s*[\w-]+=)/)
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
}

async function failures(ip: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM login_attempts WHERE client = ?").bind(ip).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("admin sign-in", () => {
  it("shows the form with Username, Password and Sign In", async () => {
    await expectAnswer("/admin", 200, ["Username", "Password", "Sign In"]);
  });

  it("signs in with the right credentials: a safe session cookie, the dashboard and the welcome toast", async () => {
    const response = await signIn({ username: "admin", password: "dev-password" }, "203.0.113.10");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const setCookie = response.headers.get("Set-Cookie");
    const session = cookieValue(setCookie, "adminSession");
    expect(session).toBeTruthy();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=28800/i);
    expect(session).not.toMatch(/Secure/i);
    const toast = cookieValue(setCookie, "toast")!.split(";")[0]!;
    const dashboard = await get("/admin/dashboard", { headers: { Cookie: `${session!.split(";")[0]}; ${toast}` } });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain("Login successful");
    expect(html).toContain("Welcome to the admin panel");
  });

  it("refuses a wrong password with 401 and the product's texts, and sets no session", async () => {
    const response = await signIn({ username: "admin", password: "wrong" }, "203.0.113.11");
    expect(response.status).toBe(401);
    expect(cookieValue(response.headers.get("Set-Cookie"), "adminSession")).toBeUndefined();
    const html = await response.text();
    expect(html).toContain("Login failed");
    expect(html).toContain("Invalid username or password");
    expect(await failures("203.0.113.11")).toBe(1);
  });

  it("refuses a wrong username with the same answer", async () => {
    const response = await signIn({ username: "root", password: "dev-password" }, "203.0.113.12");
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Invalid username or password");
  });

  it("asks for both fields (400, per-field errors, nothing recorded)", async () => {
    const response = await signIn({ username: "  ", password: "" }, "203.0.113.13");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Username is required");
    expect(html).toContain("Password is required");
    expect(await failures("203.0.113.13")).toBe(0);
  });

  it("throttles a client after 5 failures in 15 minutes, even with the right password; other clients are unaffected", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i++) {
      const response = await signIn({ username: "admin", password: `wrong-${i}` }, ip);
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    const blocked = await signIn({ username: "admin", password: "dev-password" }, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(cookieValue(blocked.headers.get("Set-Cookie"), "adminSession")).toBeUndefined();
    expect(await blocked.text()).toMatch(/Too many sign-in attempts. Please wait 1[45] minutes and try again./);
    // The refused attempt was not even counted.
    expect(await failures(ip)).toBe(5);

    const other = await signIn({ username: "admin", password: "dev-password" }, "198.51.100.8");
    expect(other.status).toBe(302);

    // Once the window has passed, the right password works again and clears the record.
    await env.DB.prepare("UPDATE login_attempts SET attempted_at = attempted_at - ? WHERE client = ?")
      .bind(16 * 60 * 1000, ip)
      .run();
    const later = await signIn({ username: "admin", password: "dev-password" }, ip);
    expect(later.status).toBe(302);
    expect(await failures(ip)).toBe(0);
  });

  it("clears a client's failures after a successful sign-in and prunes old rows", async () => {
    const ip = "198.51.100.20";
    await env.DB.prepare("INSERT INTO login_attempts (client, attempted_at) VALUES ('ancient', ?)")
      .bind(Date.now() - 60 * 60 * 1000)
      .run();
    for (let i = 0; i < 3; i++) await (await signIn({ username: "admin", password: "nope" }, ip)).arrayBuffer();
    expect(await failures(ip)).toBe(3);
    expect(await failures("ancient")).toBe(0);
    await (await signIn({ username: "admin", password: "dev-password" }, ip)).arrayBuffer();
    expect(await failures(ip)).toBe(0);
  });

  it("sends a signed-in admin from /admin straight to the dashboard", async () => {
    const response = await get("/admin", { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("treats a tampered session cookie as signed out", async () => {
    const cookie = await adminCookie();
    const [name, value] = cookie.split("=") as [string, string];
    const forged = `${name}=${btoa(JSON.stringify({ username: "admin", expiresAt: Date.now() + 1e9 }))}${value.slice(value.indexOf("."))}`;
    for (const bad of [forged, `${cookie.slice(0, -2)}xx`]) {
      const response = await get("/admin/dashboard", { headers: { Cookie: bad } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
    }
  });
});

describe("sign out", () => {
  it("POST /admin/logout clears the session and returns to /admin", async () => {
    const response = await postForm("/admin/logout", {}, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const cleared = cookieValue(response.headers.get("Set-Cookie"), "adminSession");
    expect(cleared).toMatch(/^adminSession=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it("GET /admin/logout does not sign out", async () => {
    const response = await get("/admin/logout", { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("adminSession");
  });

  it("every admin page carries the Sign out form", async () => {
    const html = await (await get("/admin/products", { headers: { Cookie: await adminCookie() } })).text();
    expect(html).toContain('action="/admin/logout"');
    expect(html).toContain("Sign out");
  });
});
