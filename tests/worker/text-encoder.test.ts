// The Worker's entry first, as in production: it installs the encoder before React's renderer loads.
// eslint-disable-next-line import-x/order -- evaluation order is what this file tests
import worker from "../../workers/app";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { SHORT_STRING_LIMIT, ShortStringTextEncoder } from "../../app/server/text-encoder.server";
import { fcRuns } from "../fast-check";
import { get } from "./helpers";
import { cardNames, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * The Worker's TextEncoder in workerd itself (docs/decisions/033): installed by the entry, byte for
 * byte the runtime's, and pages rendered with it carry every alphabet intact.
 */
const RuntimeTextEncoder = Object.getPrototypeOf(ShortStringTextEncoder) as typeof TextEncoder;
const NAMES = ["Café Crème Kush", "大麻 Gelato 🌿", "Ночная Индика", "ميدنايت هايز", `Long ${"Ä".repeat(120)} Haze`];

afterAll(async () => {
  await deleteProducts(NAMES);
});

describe("the Worker's TextEncoder", () => {
  it("is installed by the Worker's entry, on top of workerd's own", () => {
    expect(typeof worker.fetch).toBe("function");
    expect(globalThis.TextEncoder).toBe(ShortStringTextEncoder);
    expect(RuntimeTextEncoder.name).toBe("TextEncoder");
    expect(new TextEncoder()).toBeInstanceOf(RuntimeTextEncoder);
  });

  it("gives workerd's bytes for any string, short or long, Latin or not", () => {
    const runtime = new RuntimeTextEncoder();
    const short = new ShortStringTextEncoder();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme-ascii", maxLength: SHORT_STRING_LIMIT + 8 }),
          fc.string({ unit: "grapheme", maxLength: SHORT_STRING_LIMIT + 8 }),
          fc.string({ unit: "binary", maxLength: SHORT_STRING_LIMIT + 8 }),
          fc.string({ unit: "grapheme", minLength: 200, maxLength: 3_000 }),
        ),
        (text) => {
          expect(short.encode(text)).toEqual(runtime.encode(text));
        },
      ),
      { numRuns: fcRuns(1_000) },
    );
  });

  it("renders pages with names in every alphabet exactly as they were saved", async () => {
    await insertProducts(NAMES.map((name, i) => testProduct({ name, priceCents: 1_000 + i, category: "indoors" })));
    const response = await get("/shop?sort=price-asc", { headers: { Cookie: "age-verified=yes; render=bypass" } });
    expect(response.status).toBe(200);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(await response.arrayBuffer());
    const names = await cardNames(html);
    for (const name of NAMES) expect(names).toContain(name);
  });
});
