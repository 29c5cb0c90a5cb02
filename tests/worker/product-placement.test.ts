import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HIDDEN_NOTICE_TITLE } from "../../app/features/admin/product-visibility";
import { adminGet, adminPost, countRows, html, read } from "./admin-helpers";
import { formFromPage } from "./product-form-page";
import { elementsOf } from "./page-parts";

/**
 * Where a new product is listed is the owner's choice (the form starts with no category), and a
 * saved product shoppers cannot see — filed under a 'Coming Soon' page, switched off, or with
 * nothing left to sell — says so at the top of its edit page, each reason with what to do.
 */

async function editPage(id: number) {
  const response = await adminGet(`/admin/edit-product/${id}`);
  expect(response.status).toBe(200);
  return read(response);
}

const notice = html(HIDDEN_NOTICE_TITLE);

describe("choosing a new product's category", () => {
  it("starts unchosen: the first option is 'Choose a category', and none is selected", async () => {
    const page = await read(await adminGet("/admin/add-product"));
    const options = await elementsOf(page, 'select[name="category"] option');
    expect(options[0]).toEqual({ attributes: { value: "" }, text: "Choose a category" });
    expect(options.filter((option) => "selected" in option.attributes)).toEqual([]);
    expect(page).not.toContain(notice);
  });

  it("a form saved without choosing one is refused on the Category field and creates nothing", async () => {
    const form = await formFromPage(await read(await adminGet("/admin/add-product")));
    const name = `Unfiled Kush ${crypto.randomUUID().slice(0, 8)}`;
    for (const [field, value] of Object.entries({ name, price: "30", description: "No category chosen.", thcContent: "20" })) {
      form.set(field, value);
    }
    expect(form.get("category")).toBe("");
    const before = await countRows("products");
    const response = await adminPost("/admin/add-product", form);
    expect(response.status).toBe(400);
    const page = await read(response);
    expect(page).toContain("Category: Choose a category");
    expect(page).toContain(`value="${html(name)}"`);
    expect(await countRows("products")).toBe(before);

    // Chosen, the same form saves.
    form.set("category", "edibles");
    expect((await adminPost("/admin/add-product", form)).status).toBe(302);
    expect(await countRows("products", "name = ? AND category = 'edibles'", name)).toBe(1);
  });
});

describe("a saved product shoppers cannot see", () => {
  it("filed under a 'Coming Soon' category and switched off: the edit page names both, each with what to do", async () => {
    await env.DB.prepare("UPDATE products SET category = 'branded-exotics', active = 0 WHERE id = 5").run();
    const page = await editPage(5);
    expect(page).toContain(notice);
    expect(page).toContain(
      html("Its category, Branded Exotics, always shows 'Coming Soon' instead of products.") +
        ` <span class="font-medium">${html("Choose another category under Category & Strain, then save.")}</span>`,
    );
    expect(page).toContain("It is switched off (Active is not ticked).");
    expect(page).toContain("Tick Active under Status, then save.");
    // The notice comes before the form's fields.
    expect(page.indexOf(notice)).toBeLessThan(page.indexOf("Basic Information"));
  });

  it("with nothing to sell: In Stock unticked, or every size at 0", async () => {
    await env.DB.prepare("UPDATE products SET in_stock = 0 WHERE id = 6").run();
    let page = await editPage(6);
    expect(page).toContain(notice);
    expect(page).toContain(html("It is marked out of stock (In Stock is not ticked), so it can't be added to the cart."));

    await env.DB.batch([
      env.DB.prepare("UPDATE products SET in_stock = 1 WHERE id = 7"),
      env.DB.prepare("UPDATE product_sizes SET stock = 0 WHERE product_id = 7"),
    ]);
    page = await editPage(7);
    expect(page).toContain(notice);
    expect(page).toContain(html("Every size has 0 in stock, so it can't be added to the cart."));
    expect(page).toContain("Enter the stock on hand for a size under Sizes and stock, then save.");
  });

  it("a product shoppers can see and buy has no notice", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET category = 'indoors', active = 1, in_stock = 1 WHERE id = 8"),
      env.DB.prepare("UPDATE product_sizes SET stock = NULL WHERE product_id = 8"),
    ]);
    expect(await editPage(8)).not.toContain(notice);
  });
});
