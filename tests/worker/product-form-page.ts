import { expect } from "vitest";

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
        } else if (type !== "submit" && type !== "button") form.append(name, decode(element.getAttribute("value") ?? ""));
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
        const value = decode(element.getAttribute("value") ?? "");
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
          if (textarea) form.append(textarea.name, decode(textarea.text).replace(/^\n/, ""));
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

function decode(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
