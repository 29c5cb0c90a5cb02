/**
 * D1 read replication (docs/decisions/030): every page reads through one Sessions API session,
 * with the real local D1 behind it. The Worker is called with the D1 binding wrapped so the test
 * sees where each session starts and that no query bypasses it; wrangler 4.86's local engine has
 * no replicas, so "reads its own writes" is proved by where the session starts (the bookmark the
 * write handed back), not by a lagging replica.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createCookie } from "@remix-run/cloudflare";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import worker from "../../workers/app";
import { readCatalogueState } from "../../app/features/page-cache/page-cache.server";
import {
  BOOKMARK_MAX_LENGTH,
  D1_BOOKMARK_COOKIE,
  parseBookmark,
  primaryBookmark,
  readBookmarkCookie,
} from "../../app/server/d1-session.server";
import { adminCookie, catalogueChanged, FIRST_PRODUCT_PATH, ORIGIN } from "./helpers";
import { nastyString } from "./fuzz";
import { deleteProducts, insertProducts, testProduct } from "./shop-helpers";

interface Traffic {
  /** Where each session started (a bookmark or a constraint). */
  starts: string[];
  /** Queries and batches sent through a session. */
  viaSession: number;
  /** Queries and batches sent to the binding itself (always the primary). */
  viaBinding: number;
}

function counted<T extends D1Database | D1DatabaseSession>(target: T, count: () => void): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          count();
          return object.batch(statements);
        };
      }
      if (property === "prepare") {
        return (sql: string) => {
          const statement = object.prepare(sql);
          return watchStatement(statement, count);
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** Counts a statement's own round trips; inside a batch the real statement is what D1 gets. */
function watchStatement(statement: D1PreparedStatement, count: () => void): D1PreparedStatement {
  const run =
    (name: "all" | "first" | "run" | "raw") =>
    (...args: unknown[]) => {
      count();
      return (statement[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  const watched = Object.create(statement) as D1PreparedStatement;
  return Object.assign(watched, {
    bind: (...values: unknown[]) => watchStatement(statement.bind(...values), count),
    all: run("all"),
    first: run("first"),
    run: run("run"),
    raw: run("raw"),
  });
}

/** The D1 binding as the Worker sees it, recording every session and every round trip. */
function recordedDb(traffic: Traffic, sessions = true): D1Database {
  const binding = counted(env.DB, () => traffic.viaBinding++);
  return new Proxy(binding, {
    get(object, property) {
      if (property === "withSession") {
        return (start?: string) => {
          traffic.starts.push(start ?? "");
          // Without sessions: the binding itself, as the Worker read before decision 030.
          return sessions ? counted(env.DB.withSession(start), () => traffic.viaSession++) : binding;
        };
      }
      return Reflect.get(object, property) as unknown;
    },
  });
}

/** A request through the Worker with the recorded binding; the page and what reached D1. */
async function fetchRecorded(path: string, init: RequestInit = {}, options: { sessions?: boolean } = {}) {
  const traffic: Traffic = { starts: [], viaSession: 0, viaBinding: 0 };
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init });
  const response = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, DB: recordedDb(traffic, options.sessions) },
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, traffic };
}

/** A page without what differs per response (the CSP nonce). */
function comparable(body: string) {
  return body.replace(/nonce="[^"]*"/g, 'nonce=""');
}

const signedBookmarkCookie = createCookie(D1_BOOKMARK_COOKIE, { secrets: [env.SESSION_SECRET] });

/** The bookmark a response hands the admin (null when it sets none). */
async function bookmarkSetBy(response: Response): Promise<string | null> {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${D1_BOOKMARK_COOKIE}=`));
  if (!cookie) return null;
  return readBookmarkCookie(new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0]! } }), env.SESSION_SECRET);
}

function adminPostInit(cookie: string, fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
  };
}

describe("D1 sessions: a shopper's reads", () => {
  it("a rendered shop page reads D1 through one session, starting at the catalogue version's bookmark", async () => {
    await catalogueChanged();
    const { bookmark } = await readCatalogueState(env);
    expect(parseBookmark(bookmark)).not.toBeNull();

    const { response, traffic } = await fetchRecorded("/shop", { headers: { Cookie: "age-verified=true" } });
    expect(response.status).toBe(200);
    expect(traffic.starts).toEqual([bookmark]);
    expect(traffic.viaSession).toBeGreaterThan(0);
    expect(traffic.viaBinding).toBe(0);
    // A shopper is never handed a bookmark cookie (it would take them out of the shared cache).
    expect(await bookmarkSetBy(response)).toBeNull();
  });

  it("before any catalogue bookmark exists, a shopper's session may start at any replica", async () => {
    const bare = { ...env, CATALOGUE_VERSION: await freshNamespace() };
    const traffic: Traffic = { starts: [], viaSession: 0, viaBinding: 0 };
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/shop`, { headers: { Cookie: "age-verified=true" } });
    const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...bare, DB: recordedDb(traffic) }, ctx);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(traffic.starts).toEqual(["first-unconstrained"]);
  });

  it("pages read through a session are the pages read from the binding", async () => {
    for (const path of ["/shop", "/shop?page=2&sort=price-asc", "/shop/indoor", "/shop/concentrates", FIRST_PRODUCT_PATH, "/"]) {
      // A new catalogue version before each request: every one is a miss, rendered from D1.
      await catalogueChanged();
      const viaSession = await fetchRecorded(path, { headers: { Cookie: "age-verified=true" } });
      await catalogueChanged();
      const viaBinding = await fetchRecorded(path, { headers: { Cookie: "age-verified=true" } }, { sessions: false });
      expect(viaSession.response.status, path).toBe(viaBinding.response.status);
      expect(viaSession.traffic.viaSession, path).toBeGreaterThan(0);
      expect(viaBinding.traffic.viaSession, path).toBe(0);
      expect(comparable(viaSession.body), path).toBe(comparable(viaBinding.body));
    }
  });
});

/** An empty KV namespace for the catalogue version (the test's own, so the shared one is untouched). */
async function freshNamespace(): Promise<KVNamespace> {
  const values = new Map<string, string>();
  return {
    get: async (key: string) => values.get(key) ?? null,
    getWithMetadata: async (key: string) => ({ value: values.get(key) ?? null, metadata: null, cacheStatus: null }),
    put: async (key: string, value: string) => void values.set(key, value),
  } as unknown as KVNamespace;
}

describe("D1 sessions: an admin reads their own writes", () => {
  it("an edit hands back its bookmark; the admin's next admin page and shop page start there and show the write", async () => {
    const name = `Bookmark Kush ${crypto.randomUUID().slice(0, 8)}`;
    const ids = await insertProducts([testProduct({ name, priceCents: 4200, category: "indoors" })]);
    const id = ids.get(name)!;
    const admin = await adminCookie();
    try {
      const before = await primaryBookmark(env.DB);
      const edit = await fetchRecorded(
        "/admin/products",
        adminPostInit(admin, { intent: "toggle", productId: String(id), redirectTo: "/admin/products" }),
      );
      expect(edit.response.status).toBe(302);
      // Without a bookmark of theirs yet, the admin's session starts at the primary.
      expect(edit.traffic.starts).toEqual(["first-primary"]);
      expect(edit.traffic.viaBinding).toBe(0);
      const bookmark = await bookmarkSetBy(edit.response);
      expect(bookmark).not.toBeNull();
      expect(bookmark! >= before!).toBe(true);
      const setCookie = edit.response.headers.getSetCookie().find((value) => value.startsWith(`${D1_BOOKMARK_COOKIE}=`))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      // The catalogue version the edit put carries the same bookmark: shoppers' renders start there.
      expect((await readCatalogueState(env)).bookmark).toBe(bookmark);

      const withBookmark = `${admin}; ${setCookie.split(";")[0]}`;
      const list = await fetchRecorded(`/admin/products?search=${encodeURIComponent(name)}`, { headers: { Cookie: withBookmark } });
      expect(list.response.status).toBe(200);
      expect(list.traffic.starts).toEqual([bookmark]);
      expect(list.body.replace(/<!-- -->/g, "")).toContain(`Activate<span class="sr-only"> ${name}</span>`);

      const shop = await fetchRecorded("/shop", { headers: { Cookie: `age-verified=true; ${withBookmark}` } });
      expect(shop.response.status).toBe(200);
      expect(shop.traffic.starts).toEqual([bookmark]);
      expect(shop.traffic.viaBinding).toBe(0);

      // Signing out forgets the bookmark with the session.
      const out = await fetchRecorded("/admin/logout", adminPostInit(withBookmark, {}));
      expect(out.response.status).toBeLessThan(400);
      const cleared = out.response.headers.getSetCookie().find((value) => value.startsWith(`${D1_BOOKMARK_COOKIE}=`));
      expect(cleared).toMatch(/Max-Age=0/i);
    } finally {
      await deleteProducts([name]);
    }
  });
});

describe("D1 sessions: a bookmark cookie a stranger controls", () => {
  /** Junk as a browser could send it: raw, URL-encoded (non-Latin), or signed with our secret but not a bookmark. */
  const cookieValue = fc.oneof(
    nastyString.map((text) => encodeURIComponent(text)),
    fc.string({ unit: "grapheme", minLength: BOOKMARK_MAX_LENGTH, maxLength: 2000 }).map((text) => encodeURIComponent(text)),
    fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,300}$/),
    // Signed with our secret (only the Worker can do that) yet not a bookmark: the schema refuses it.
    nastyString.filter((text) => parseBookmark(text) === null).map((text) => ({ signed: text })),
    fc.constantFrom("00000000-00000000-00000000-00000000000000000000000000000000", "first-primary", "zzzz"),
  );

  it("never answers 5xx and never starts a session at a bookmark it did not sign", async () => {
    const admin = await adminCookie();
    await fc.assert(
      fc.asyncProperty(
        cookieValue,
        fc.boolean(),
        fc.constantFrom("/shop", "/admin/products", FIRST_PRODUCT_PATH),
        async (value, signedIn, path) => {
          const raw =
            typeof value === "string"
              ? value
              : (await signedBookmarkCookie.serialize(value.signed)).split(";")[0]!.slice(D1_BOOKMARK_COOKIE.length + 1);
          const cookies = [`${D1_BOOKMARK_COOKIE}=${raw}`, "age-verified=true", signedIn ? admin : null].filter(Boolean).join("; ");
          const { response, traffic } = await fetchRecorded(path, { headers: { Cookie: cookies } });
          expect(response.status, `${path} ${raw.slice(0, 80)}`).toBeLessThan(500);
          const admins = signedIn || path.startsWith("/admin");
          for (const start of traffic.starts) {
            if (admins) expect(start).toBe("first-primary");
            else expect(start === "first-unconstrained" || parseBookmark(start) === start).toBe(true);
            expect(start.length).toBeLessThanOrEqual(BOOKMARK_MAX_LENGTH);
          }
        },
      ),
      { numRuns: fcRuns(40) },
    );
  });
});
