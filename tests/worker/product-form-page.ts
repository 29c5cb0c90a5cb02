import { expect } from "vitest";
import { adminGet } from "./admin-helpers";
import { decodeHtml } from "./page-parts";

/** The fields a browser without JavaScript would submit from the page's product form. */
export async function formFromPage(html: string): Promise<FormData> {
  const form = new FormData();
  let inForm = false;
  let select: { name: string; first: string | null; chosen: string | null } | null = null;
  let textarea: { name: string; text: string } | null = null;
  const rewriter = new HTMLRewriter()
    .on("form#product-form", {
      element(element) {
        inForm = true;
        element.onEndTag(() => {
          inForm = false;
        });
      },
    })
    .on("form#product-form input", {
      element(element) {
        const name = element.getAttribute("name");
        const type = element.getAttribute("type") ?? "text";
        if (!name || element.hasAttribute("disabled")) return;
        if (type === "file") form.append(name, new File([], ""), "");
        else if (type === "checkbox" || type === "radio") {
          if (element.hasAttribute("checked")) form.append(name, element.getAttribute("value") ?? "on");
        } else if (type !== "submit" && type !== "button") form.append(name, decodeHtml(element.getAttribute("value") ?? ""));
      },
    })
    .on("form#product-form select", {
      element(element) {
        const name = element.getAttribute("name");
        if (!name) return;
        select = { name, first: null, chosen: null };
        element.onEndTag(() => {
          if (select) form.append(select.name, select.chosen ?? select.first ?? "");
          select = null;
        });
      },
    })
    .on("form#product-form option", {
      element(element) {
        if (!select) return;
        const value = decodeHtml(element.getAttribute("value") ?? "");
        select.first ??= value;
        if (element.hasAttribute("selected")) select.chosen = value;
      },
    })
    .on("form#product-form textarea", {
      element(element) {
        const name = element.getAttribute("name");
        if (!name) return;
        textarea = { name, text: "" };
        element.onEndTag(() => {
          // A textarea's first newline right after the tag is not part of its value.
          if (textarea) form.append(textarea.name, decodeHtml(textarea.text).replace(/^\n/, ""));
          textarea = null;
        });
      },
      text(chunk) {
        if (textarea) textarea.text += chunk.text;
      },
    });
  await rewriter.transform(new Response(html)).text();
  expect(inForm).toBe(false);
  return form;
}

/** The edit form as the page renders it, with `changes` applied (a value of null removes the field). */
export async function editForm(id: number, changes: Record<string, string | null> = {}, { oneSize = false } = {}) {
  const form = await formFromPage(await (await adminGet(`/admin/edit-product/${id}`)).text());
  // Start from the product's first size alone (tests in this file share the database).
  if (oneSize) for (const name of [...form.keys()]) if (name.startsWith("sizes[")) form.delete(name);
  for (const [name, value] of Object.entries(changes)) {
    form.delete(name);
    if (value !== null) form.append(name, value);
  }
  return form;
}

/** Runtz's four sizes as the product form posts them (Size 1's fields are the form's own). */
export const FOUR_SIZES = {
  sizeLabel: "1/8 oz",
  price: "45",
  stock: "12",
  sku: "RZ-8",
  "sizes[0].label": "1/4 oz",
  "sizes[0].price": "80",
  "sizes[0].stock": "3",
  "sizes[1].label": "1/2 oz",
  "sizes[1].price": "150",
  "sizes[1].tiers[0].minQuantity": "5",
  "sizes[1].tiers[0].price": "140",
  "sizes[2].label": "1 oz",
  "sizes[2].price": "280",
  "sizes[2].stock": "0",
};
