import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { Product } from "../../app/lib/product";
import {
  PRODUCT_FORM_MESSAGES as M,
  isMediaUrl,
  productFormDefaults,
  productFormSchema,
  productFormToColumns,
  thcToForm,
  thcToStored,
} from "../../app/lib/product-form";

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
    [{ description: " " }, "description", M.descriptionRequired],
    [{ category: "pens" }, "category", M.categoryUnknown],
    [{ strainType: "ruderalis" }, "strainType", M.strainRequired],
    [{ thcContent: "" }, "thcContent", M.thcRequired],
    [{ thcContent: "22-26" }, "thcContent", M.thcFormat],
    [{ images: "data:image/png;base64,AAAA" }, "images[0]", M.mediaUrl],
    [{ video: "javascript:alert(1)" }, "video", M.mediaUrl],
  ])("refuses %j", (override, field, message) => {
    expect(errorsOf({ ...valid, ...override })?.[field]).toEqual([message]);
  });

  it("accepts whole and decimal prices and THC", () => {
    for (const price of ["0", "45", "45.5", "1000000"]) expect(errorsOf({ ...valid, price })).toBeNull();
    for (const thcContent of ["0", "24", "24.5"]) expect(errorsOf({ ...valid, thcContent })).toBeNull();
  });
});

describe("THC text", () => {
  it("is stored with a percent sign and shown back as the number", () => {
    expect(thcToStored("24")).toBe("24%");
    expect(thcToForm("24%")).toBe("24");
    expect(thcToForm("18.5 %")).toBe("18.5");
    expect(thcToForm(thcToStored("0.5"))).toBe("0.5");
  });

  it("shows other stored text as it is", () => {
    expect(thcToForm("22-26%")).toBe("22-26%");
    expect(thcToForm("10mg per piece")).toBe("10mg per piece");
    expect(thcToForm(null)).toBe("");
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
};

describe("form defaults and columns", () => {
  it("starts a new product with the spec's defaults: price 0, thc 0, first category, one empty effect, all flags on", () => {
    expect(productFormDefaults(null, ["deps", "indoors"])).toMatchObject({
      price: "0",
      thcContent: "0",
      category: "deps",
      strainType: "indica",
      effects: [""],
      images: [],
      active: true,
      inStock: true,
      isLabTested: true,
    });
  });

  it("edits a product with its own values, flags and version", () => {
    expect(productFormDefaults(product, ["pala"])).toMatchObject({
      price: "500",
      thcContent: "28",
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
