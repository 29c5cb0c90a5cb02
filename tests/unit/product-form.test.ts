import fc from "fast-check";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { NO_LAB_REPORT_COLUMNS } from "../../app/features/lab-reports/lab-report";
import type { Product } from "../../app/features/catalogue/product";
import {
  PRODUCT_FORM_MESSAGES as M,
  isMediaUrl,
  productFormDefaults,
  productFormRules,
  productFormSchema,
  productFormToColumns,
  thcToStored,
} from "../../app/features/admin/product-form-schema";
import { THC_EXAMPLES } from "../../app/features/catalogue/thc";
import { MONEY_DECIMALS_MESSAGE } from "../../app/features/money/money";

const schema = productFormSchema(["indoors", "edibles"]);

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

const valid = {
  name: "Gelato Punch",
  price: "45.50",
  description: "Sweet.",
  category: "indoors",
  strainType: "hybrid",
  thcContent: "24",
};

function errorsOf(fields: Record<string, string | string[]>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "error" ? submission.error : null;
}

describe("productFormSchema (the one schema of the admin product form)", () => {
  it("accepts a valid product, drops blank effects and reads unchecked flags as false", () => {
    const submission = parseWithZod(
      form({ ...valid, "effects[0]": "Relaxed", "effects[1]": "  ", "effects[2]": "", "effects[3]": "Happy", active: "on" }),
      { schema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.effects).toEqual(["Relaxed", "Happy"]);
    expect(submission.value).toMatchObject({ active: true, inStock: false, isLabTested: false, images: [] });
  });

  it.each([
    [{ name: "" }, "name", M.nameRequired],
    [{ name: "x".repeat(121) }, "name", M.nameTooLong],
    [{ price: "" }, "price", M.priceRequired],
    [{ price: "4a" }, "price", M.priceFormat],
    [{ price: "4." }, "price", M.priceFormat],
    [{ price: ".5" }, "price", M.priceFormat],
    [{ price: "1000000.01" }, "price", M.priceTooHigh],
    [{ price: "0.001" }, "price", MONEY_DECIMALS_MESSAGE],
    [{ price: "45.999" }, "price", MONEY_DECIMALS_MESSAGE],
    [{ compareAt: "60.001" }, "compareAt", MONEY_DECIMALS_MESSAGE],
    [{ "tiers[0].minQuantity": "10", "tiers[0].price": "4.755" }, "tiers[0].price", MONEY_DECIMALS_MESSAGE],
    [{ sizeLabel: "1g", "sizes[0].label": "2g", "sizes[0].price": "9.001" }, "sizes[0].price", MONEY_DECIMALS_MESSAGE],
    [{ price: "99999999999999999999" }, "price", M.priceTooHigh],
    [{ description: " " }, "description", M.descriptionRequired],
    [{ category: "pens" }, "category", M.categoryUnknown],
    [{ strainType: "ruderalis" }, "strainType", M.strainRequired],
    [{ thcContent: "" }, "thcContent", M.thcRequired],
    [{ thcContent: "24 percent" }, "thcContent", M.thcFormat],
    [{ thcContent: "2.4.1" }, "thcContent", M.thcFormat],
    [{ thcContent: "120%" }, "thcContent", M.thcFormat],
    [{ images: "data:image/png;base64,AAAA" }, "images[0]", M.mediaUrl],
    [{ video: "javascript:alert(1)" }, "video", M.mediaUrl],
  ])("refuses %j", (override, field, message) => {
    expect(errorsOf({ ...valid, ...override })?.[field]).toEqual([message]);
  });

  it("accepts whole and decimal prices and every THC shape of docs/product.md", () => {
    for (const price of ["0", "45", "45.5", "1000000"]) expect(errorsOf({ ...valid, price })).toBeNull();
    for (const thcContent of ["0", "24", "24%", "24.5%", "22-26%", "22–26 %", "90%+", "10mg", "10mg per piece", "100 mg"]) {
      expect(errorsOf({ ...valid, thcContent }), thcContent).toBeNull();
    }
  });

  it("refuses any price with more than 2 decimals on its own field, with the decimals message (never saved as a rounded amount)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 999_999 }), fc.stringMatching(/^\d{3,9}$/), (whole, decimals) => {
        expect(errorsOf({ ...valid, price: `${whole}.${decimals}` })?.price).toEqual([MONEY_DECIMALS_MESSAGE]);
      }),
    );
  });

  it("the THC message shows an example of each accepted shape", () => {
    for (const example of THC_EXAMPLES) expect(M.thcFormat).toContain(example);
  });

  it("a product without a strain type posts the blank choice and stays without one", () => {
    const submission = parseWithZod(form({ ...valid, strainType: "" }), { schema });
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(productFormToColumns(submission.value).strainType).toBeNull();
  });

  it("THC may stay blank only on a product saved without one", () => {
    expect(productFormRules(null)).toEqual({ thcRequired: true });
    expect(productFormRules({ thcContent: "26%" })).toEqual({ thcRequired: true });
    expect(productFormRules({ thcContent: null })).toEqual({ thcRequired: false });
    const lenient = productFormSchema(["indoors"], { thcRequired: false });
    const blank = parseWithZod(form({ ...valid, thcContent: "" }), { schema: lenient });
    if (blank.status !== "success") throw new Error("expected a valid form");
    expect(productFormToColumns(blank.value).thcContent).toBeNull();
    const bad = parseWithZod(form({ ...valid, thcContent: "lots" }), { schema: lenient });
    expect(bad.status === "error" ? bad.error?.thcContent : null).toEqual([M.thcFormat]);
  });
});

describe("THC text", () => {
  it("is stored normalised: a bare number gets %, an mg value never does, spacing is tidied", () => {
    expect(thcToStored("24")).toBe("24%");
    expect(thcToStored("22 – 26 %")).toBe("22-26%");
    expect(thcToStored("90 % +")).toBe("90%+");
    expect(thcToStored("100 mg")).toBe("100mg");
    expect(thcToStored("10 mg per Piece")).toBe("10mg per piece");
    expect(thcToStored(undefined)).toBeNull();
  });

  it("the edit form shows the stored text as it is, so an unchanged save stores the same text", () => {
    for (const stored of ["22-26%", "10mg per piece", "90%+", "28%"]) {
      const shown = productFormDefaults({ ...product, thcContent: stored }).thcContent;
      expect(shown).toBe(stored);
      expect(thcToStored(shown)).toBe(stored);
    }
  });
});

describe("media URLs", () => {
  it("allows our own paths and http(s) only", () => {
    expect(isMediaUrl("/images/image-1.png")).toBe(true);
    expect(isMediaUrl("https://cdn.example/x.jpg")).toBe(true);
    for (const bad of ["//evil.example/x.png", "javascript:alert(1)", "data:image/png;base64,AA", "/\\evil", "x.png"]) {
      expect(isMediaUrl(bad)).toBe(false);
    }
  });
});

const product: Product = {
  id: 7,
  name: "Pala 5+",
  priceCents: 50000,
  compareAtCents: null,
  image: "/art/pala-1.svg",
  extraImages: ["/art/pala-2.svg"],
  video: null,
  description: "Bulk.",
  category: "pala",
  strainType: null,
  thcContent: "28%",
  effects: [],
  rating: 5,
  reviewCount: 0,
  isLabTested: false,
  inStock: false,
  active: true,
  priceTiers: null,
  bulkNote: null,
  version: 3,
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...NO_LAB_REPORT_COLUMNS,
};

describe("form defaults and columns", () => {
  it("starts a new product with the product's defaults: price 0, thc 0, no category until the owner chooses one, one empty effect, all flags on", () => {
    expect(productFormDefaults(null)).toMatchObject({
      price: "0",
      thcContent: "0",
      category: "",
      strainType: "indica",
      effects: [""],
      images: [],
      active: true,
      inStock: true,
      isLabTested: true,
    });
  });

  it("edits a product with its own values, flags and version", () => {
    expect(productFormDefaults(product)).toMatchObject({
      price: "500",
      thcContent: "28%",
      strainType: "",
      images: ["/art/pala-1.svg", "/art/pala-2.svg"],
      effects: [""],
      active: true,
      inStock: false,
      isLabTested: false,
      version: 3,
    });
  });

  it("turns the ordered image list into the cover and extra images", () => {
    const submission = parseWithZod(form({ ...valid, images: ["/a.png", "/b.png", "/c.png"] }), { schema });
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(productFormToColumns(submission.value)).toMatchObject({
      priceCents: 4550,
      thcContent: "24%",
      image: "/a.png",
      extraImages: ["/b.png", "/c.png"],
      video: null,
    });
  });
});

describe("description line breaks", () => {
  it("stores the CRLF a browser posts as the LF it showed, so a multi-line description round-trips", () => {
    const submission = parseWithZod(form({ ...valid, description: "Line one.\r\nLine two." }), { schema });
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(submission.value.description).toBe("Line one.\nLine two.");
  });
});
