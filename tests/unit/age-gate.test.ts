import { describe, expect, it } from "vitest";
import { ageGateApplies, ageVerifiedCookie, hasVerifiedAge, safeRedirectPath } from "../../app/features/age-gate/age-gate";

describe("hasVerifiedAge", () => {
  it("reads age-verified=yes among other cookies", () => {
    expect(hasVerifiedAge("age-verified=yes")).toBe(true);
    expect(hasVerifiedAge("toast=abc; age-verified=yes; cannabis-cart=%5B%5D")).toBe(true);
  });

  it("is false without the cookie or with another value", () => {
    expect(hasVerifiedAge(null)).toBe(false);
    expect(hasVerifiedAge("")).toBe(false);
    expect(hasVerifiedAge("age-verified=no")).toBe(false);
    expect(hasVerifiedAge("age-verified=yesyes")).toBe(false);
    expect(hasVerifiedAge("not-age-verified=yes")).toBe(false);
  });
});

describe("ageVerifiedCookie", () => {
  it("remembers the answer for 30 days on the whole site", () => {
    expect(ageVerifiedCookie({ secure: true })).toBe("age-verified=yes; Max-Age=2592000; Path=/; SameSite=Lax; Secure");
    expect(ageVerifiedCookie({ secure: false })).toBe("age-verified=yes; Max-Age=2592000; Path=/; SameSite=Lax");
  });
});

describe("safeRedirectPath", () => {
  it("keeps a local path with its query", () => {
    expect(safeRedirectPath("/shop?search=gelato")).toBe("/shop?search=gelato");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil.com", "evil.com", "", "/shop\r\nSet-Cookie: x=1", "javascript:alert(1)"])(
    "refuses %j",
    (value) => {
      expect(safeRedirectPath(value)).toBe("/");
    },
  );

  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
  });
});

describe("ageGateApplies", () => {
  it("guards shop pages but not the admin area or the refusal page", () => {
    expect(ageGateApplies("/")).toBe(true);
    expect(ageGateApplies("/shop/concentrates")).toBe(true);
    expect(ageGateApplies("/administrator-notes")).toBe(true);
    expect(ageGateApplies("/admin")).toBe(false);
    expect(ageGateApplies("/admin/dashboard")).toBe(false);
    expect(ageGateApplies("/age-gate")).toBe(false);
  });
});
