import { test as base, expect } from "@playwright/test";

/**
 * Every browser test imports { test, expect } from here. The visitor has already passed the
 * 21+ age gate (cookie `age-verified=yes`), except in tests that opt out with
 * test.use({ ageVerified: false }) to exercise the gate itself.
 */
export const test = base.extend<{ ageVerified: boolean }>({
  ageVerified: [true, { option: true }],
  context: async ({ context, baseURL, ageVerified }, use) => {
    if (ageVerified) {
      await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL! }]);
    }
    await use(context);
  },
});

export { expect };

export const ADMIN = { username: "admin", password: "dev-password" } as const;
