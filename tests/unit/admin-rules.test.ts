import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { AdminLoginSchema } from "../../app/features/auth/login-form";
import { CategoryNameSchema, categoryError } from "../../app/features/admin/category-form";
import { localPath } from "../../app/server/redirect";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("localPath (redirect targets from forms and links)", () => {
  it("keeps paths on this site", () => {
    expect(localPath("/shop/indoors", "/admin/products")).toBe("/shop/indoors");
    expect(localPath("/admin/products?search=x&page=2", "/admin")).toBe("/admin/products?search=x&page=2");
  });

  it.each([
    ["https://evil.example/"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["shop"],
    [""],
    [null],
    [42],
  ])("replaces %j with the fallback", (value) => {
    expect(localPath(value, "/admin/products")).toBe("/admin/products");
  });
});

describe("AdminLoginSchema", () => {
  it("needs both fields", () => {
    const submission = parseWithZod(form({ username: " ", password: "" }), { schema: AdminLoginSchema });
    expect(submission.status).toBe("error");
    if (submission.status !== "error") return;
    expect(submission.error).toMatchObject({ username: ["Username is required"], password: ["Password is required"] });
  });

  it("trims the username but never the password", () => {
    const submission = parseWithZod(form({ username: " admin ", password: " secret " }), { schema: AdminLoginSchema });
    expect(submission.status === "success" && submission.value).toEqual({ username: "admin", password: " secret " });
  });
});

describe("category names", () => {
  it("are trimmed and must not be blank", () => {
    const ok = parseWithZod(form({ name: "  Live Rosin " }), { schema: CategoryNameSchema });
    expect(ok.status === "success" && ok.value.name).toBe("Live Rosin");
    const blank = parseWithZod(form({ name: "   " }), { schema: CategoryNameSchema });
    expect(blank.status === "error" && blank.error?.name).toEqual(["Category name is required"]);
  });

  it("turn only known error codes into banner texts", () => {
    expect(categoryError("add-duplicate")).toEqual({
      title: "Category already exists",
      description: "A category with this name already exists",
    });
    expect(categoryError("<script>")).toBeNull();
    expect(categoryError(null)).toBeNull();
    // Keys every object inherits are not codes.
    for (const inherited of ["toString", "constructor", "__proto__", "hasOwnProperty"]) expect(categoryError(inherited)).toBeNull();
  });
});
