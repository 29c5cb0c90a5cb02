import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textBlocks } from "../../app/features/storefront/text-blocks";

describe("the owner's long texts as headings, paragraphs and lists", () => {
  it("reads a heading line, a paragraph under it and a list", () => {
    expect(textBlocks("## What we keep\nNothing but\nyour cart.\n\n- No orders\n- No messages\r\n\r\nLast words.")).toEqual([
      { kind: "heading", text: "What we keep" },
      { kind: "paragraph", text: "Nothing but your cart." },
      { kind: "list", items: ["No orders", "No messages"] },
      { kind: "paragraph", text: "Last words." },
    ]);
  });

  it("keeps every word of any text, long and non-Latin included", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 300 }), { maxLength: 8 }), (parts) => {
        const text = parts.join("\n\n");
        const words = (value: string) => value.split(/\s+/).filter((word) => word !== "" && word !== "-" && word !== "##");
        const shown = textBlocks(text).flatMap((block) => (block.kind === "list" ? block.items : [block.text]));
        expect(words(shown.join(" ")).join(" ")).toBe(
          words(
            text
              .split("\n")
              .map((line) => line.trim().replace(/^(## |- )/, ""))
              .join(" "),
          ).join(" "),
        );
      }),
    );
  });
});
