/**
 * Bad input, generated: every action and resource route gets 200 generated bodies at full strength
 * (FC_RUNS=full; an ordinary run tries a fresh tenth of them, see tests/fast-check.ts)
 * (missing fields, wrong types, huge strings, unicode, arrays where scalars belong, negative and
 * enormous numbers, duplicated fields) through the Worker's fetch. Never a 5xx; and when the
 * answer says the input was refused (4xx), not one row or stored object changed.
 */
import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, fcRuns, fcTimeout } from "../fast-check";
import { adminCookie, ORIGIN } from "./helpers";

const RUNS = 200;

/** Everything input could touch, as one comparable string (login_attempts excluded: failed sign-ins are recorded on purpose). */
export async function snapshot() {
  const tables = ["products", "categories", "migration_runs", "settings", "video_uploads", "shop_document_versions"];
  const rows = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`)));
  const [images, videos] = await Promise.all([env.IMAGES.list(), env.VIDEOS.list()]);
  return JSON.stringify({
    rows: rows.map((r) => r.results),
    // Photo variants (variants/…) are left out: the queue consumer makes them in the background.
    images: images.objects.map((o) => o.key).filter((key) => !key.startsWith("variants/")),
    videos: videos.objects.map((o) => o.key),
  });
}

export const nastyString = fc.oneof(
  anyText({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "💥",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "%00",
    "null",
    "undefined",
    "[]",
    "{}",
    "true",
    "false",
  ),
  fc.integer().map(String),
  fc.constantFrom("-1", "0", "1e308", "-1e308", "NaN", "Infinity", "9007199254740993", "1.0000000001", "00012", "4.5.6"),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  // Long non-Latin text: past D1's 50-byte LIKE pattern limit in a few characters.
  fc.string({ unit: "grapheme", minLength: 20, maxLength: 300 }),
  fc.constant("Лимонное джелато 日本語の長い検索語テキスト 🌿✨ ".repeat(6)),
);

/** A form body: known fields (each maybe missing or repeated) plus stray ones. */
function formBody(fields: string[]) {
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...fields), fc.array(nastyString, { minLength: 0, maxLength: 3 })), {
        maxLength: fields.length + 2,
      }),
      // Stray field names, including an empty one (workerd cannot serialise names ending in a backslash).
      fc.dictionary(fc.stringMatching(/^[A-Za-z0-9_.[\]-]{0,12}$/), nastyString, { maxKeys: 3 }),
    )
    .map(([known, stray]) => {
      const body = new FormData();
      for (const [name, values] of known) for (const value of values) body.append(name, value);
      for (const [name, value] of Object.entries(stray)) body.append(name, value);
      return body;
    });
}

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** A JSON body: known fields with any JSON value (maybe missing), plus stray ones; sometimes not JSON at all. */
function jsonBody(fields: string[]) {
  return fc.oneof(
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...fields), jsonValue, { maxKeys: fields.length }),
        fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 2 }),
      )
      .map(([known, stray]) => JSON.stringify({ ...stray, ...known })),
    fc.oneof(nastyString, fc.constantFrom("{", "[1,2", "null", '"string"', "1e999")),
  );
}

/** Raw upload bodies: random bytes, sometimes starting like a real image, of any declared type. */
const rawBody = fc
  .tuple(
    fc.constantFrom(
      new Uint8Array(0),
      new Uint8Array([0xff, 0xd8, 0xff]),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      new TextEncoder().encode("<svg"),
      new TextEncoder().encode("MZ"),
      new TextEncoder().encode("%PDF-"),
    ),
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom(
      "image/png",
      "image/jpeg",
      "image/svg+xml",
      "text/html",
      "application/octet-stream",
      "",
      "video/mp4",
      "application/pdf",
    ),
  )
  .map(([head, tail, type]) => ({ bytes: new Uint8Array([...head, ...tail]), type }));

export interface Endpoint {
  name: string;
  path: string;
  /** form (multipart), json, or raw bytes */
  kind?: "form" | "json" | "raw";
  method?: string;
  fields?: string[];
  admin?: boolean;
}

function bodies(endpoint: Endpoint): fc.Arbitrary<{ body: BodyInit; type?: string }> {
  const fields = endpoint.fields?.length ? endpoint.fields : ["intent"];
  if (endpoint.kind === "json") return jsonBody(fields).map((body) => ({ body, type: "application/json" }));
  if (endpoint.kind === "raw") return rawBody.map(({ bytes, type }) => ({ body: bytes, type }));
  return formBody(fields).map((body) => ({ body }));
}

export async function fuzzEndpoint(endpoint: Endpoint) {
  const cookie = endpoint.admin ? await adminCookie() : "";
  await fc.assert(
    fc.asyncProperty(bodies(endpoint), async ({ body, type }) => {
      const before = await snapshot();
      const headers: Record<string, string> = {
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        Cookie: cookie,
        Accept: "text/html",
        // Sign-in throttling is per client: keep this file's attempts to itself.
        "CF-Connecting-IP": "203.0.113.99",
      };
      if (type !== undefined) headers["Content-Type"] = type;
      if (endpoint.kind === "json") headers.Accept = "application/json";
      const response = await SELF.fetch(`${ORIGIN}${endpoint.path}`, {
        method: endpoint.method ?? "POST",
        body,
        redirect: "manual",
        headers,
      });
      const text = await response.text();
      expect(response.status, `${endpoint.name}: ${text.slice(0, 300)}`).toBeLessThan(500);
      if (response.status >= 400) expect(await snapshot()).toBe(before);
    }),
    { numRuns: fcRuns(RUNS) },
  );
}

const PRODUCT_FIELDS = [
  "name",
  "price",
  "compareAt",
  "description",
  "category",
  "strainType",
  "thcContent",
  "effects",
  "effects[0]",
  "effects[1]",
  "images",
  "images[0]",
  "video",
  "imageFiles",
  "active",
  "inStock",
  "isLabTested",
  "returnTo",
  "labReportKey",
  "labReportFile",
  "labName",
  "labTestDate",
  "labBatch",
  "labThcPercent",
  "labCbdPercent",
  "labTotalCannabinoidsPercent",
];

export const ENDPOINTS: Endpoint[] = [
  { name: "contact form", path: "/contact", fields: ["name", "email", "subject", "message"] },
  { name: "age gate", path: "/age-gate", fields: ["redirectTo"] },
  { name: "cart", path: "/cart", fields: ["intent", "productId", "quantity", "source", "js"] },
  { name: "admin sign-in", path: "/admin", fields: ["username", "password"] },
  { name: "sign out", path: "/admin/logout", fields: ["intent"], admin: true },
  { name: "add product", path: "/admin/add-product", fields: PRODUCT_FIELDS, admin: true },
  { name: "edit product", path: "/admin/edit-product/1", fields: [...PRODUCT_FIELDS, "version"], admin: true },
  { name: "toggle product", path: "/admin/products", fields: ["intent", "productId", "redirectTo"], admin: true },
  { name: "delete product", path: "/admin/products/2/delete", fields: ["intent", "redirectTo"], admin: true },
  { name: "category form", path: "/admin/categories", fields: ["intent", "id", "name"], admin: true },
  { name: "delete category", path: "/admin/categories/3/delete", fields: ["intent"], admin: true },
  { name: "migration", path: "/admin/migration", fields: ["intent", "clearExisting"], admin: true },
  {
    name: "shop settings",
    path: "/admin/settings",
    fields: [
      "intent",
      "basedOn",
      "id",
      "telegramUsername",
      "identity.email",
      "timeZone",
      "week[0].open",
      "closures[0].from",
      "text",
      "until",
      "shipping.fee",
      "local.zones[0].name",
      "paymentMethods",
    ],
    admin: true,
  },
  { name: "image upload", path: "/admin/uploads/image?fileName=x.png", kind: "raw", method: "PUT", admin: true },
  { name: "lab report upload", path: "/admin/uploads/lab-report", kind: "raw", method: "PUT", admin: true },
  {
    name: "video upload",
    path: "/admin/uploads/video",
    kind: "json",
    fields: ["intent", "fileName", "contentType", "size", "uploadId", "url"],
    admin: true,
  },
  { name: "video part", path: "/admin/uploads/video/part?uploadId=nope&partNumber=1", kind: "raw", method: "PUT", admin: true },
];

/**
 * Each test file takes a few endpoints, so the worker layer's runtimes (one per core) share the
 * generated requests between them.
 */
export function fuzzEndpoints(names: string[]) {
  describe("generated bad input never breaks a route", () => {
    for (const name of names) {
      const endpoint = ENDPOINTS.find((candidate) => candidate.name === name);
      if (!endpoint) throw new Error(`Unknown endpoint ${name}`);
      it(
        `${endpoint.name}: generated bodies (${RUNS} at full strength), never a 5xx, nothing changed when refused`,
        () => fuzzEndpoint(endpoint),
        fcTimeout(RUNS, 1_500),
      );
    }
  });
}

/** Every endpoint must be fuzzed by one of the fuzz-*.test.ts files. */
export const ENDPOINT_NAMES = ENDPOINTS.map((endpoint) => endpoint.name);
