import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { SHORT_STRING_LIMIT, ShortStringTextEncoder } from "../../app/server/text-encoder.server";

/**
 * The Worker's TextEncoder (docs/decisions/033) must give exactly the runtime's bytes for every
 * input: the fast path only ever sees short ASCII, everything else goes to the runtime.
 */
const runtime = new TextEncoder();
const short = new ShortStringTextEncoder();

/** Strings around the limit, in every alphabet, with lone surrogates and controls. */
const anyText = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: SHORT_STRING_LIMIT + 8 }),
  fc.string({ unit: "grapheme", maxLength: SHORT_STRING_LIMIT + 8 }),
  fc.string({ unit: "binary", maxLength: SHORT_STRING_LIMIT + 8 }),
  fc.string({ unit: "grapheme", minLength: 200, maxLength: 5_000 }),
  fc.constantFrom(
    "",
    "\u0000",
    "\u007f",
    "\u0080",
    "é",
    "大麻",
    "🌿",
    "\ud83c",
    "\udf3f",
    "a".repeat(SHORT_STRING_LIMIT),
    "a".repeat(SHORT_STRING_LIMIT) + "é",
  ),
);

describe("ShortStringTextEncoder", () => {
  it("gives the runtime's bytes for any string, short or long, Latin or not", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const bytes = short.encode(text);
        expect(bytes).toBeInstanceOf(Uint8Array);
        expect(bytes).toEqual(runtime.encode(text));
      }),
      { numRuns: fcRuns(2_000) },
    );
  });

  it("encodes a non-ASCII character inside a short string as UTF-8, not as its code unit", () => {
    expect([...short.encode("Café")]).toEqual([0x43, 0x61, 0x66, 0xc3, 0xa9]);
    expect([...short.encode("\ud83c")]).toEqual([0xef, 0xbf, 0xbd]);
  });

  it("converts what is not a string as the standard says", () => {
    for (const input of [undefined, 42, null, { toString: () => "x" }] as unknown[]) {
      expect(short.encode(input as string)).toEqual(runtime.encode(input as string));
    }
  });

  it("is still a TextEncoder: encoding, encodeInto and instanceof are the runtime's", () => {
    expect(short).toBeInstanceOf(TextEncoder);
    expect(short.encoding).toBe("utf-8");
    const target = new Uint8Array(8);
    expect(short.encodeInto("大麻", target)).toEqual(runtime.encodeInto("大麻", new Uint8Array(8)));
  });
});
