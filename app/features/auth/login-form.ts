import { z } from "zod";

/** The admin sign-in form's schema, shared by conform in the browser and the action. */
export const AdminLoginSchema = z.object({
  username: z.string({ required_error: "Username is required" }).trim().min(1, "Username is required").max(200),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(1000),
});

export const LOGIN_FAILED = { title: "Login failed", description: "Invalid username or password" } as const;
export const LOGIN_SUCCEEDED = { title: "Login successful", description: "Welcome to the admin panel" } as const;
/** Shown on /admin when the shop's admin secrets are missing or unsafe (app/features/auth/admin-config.server.ts says which). */
export const ADMIN_NOT_CONFIGURED_TITLE = "The shop's admin is not configured";
