import { defineConfig } from "drizzle-kit";

/** drizzle-kit writes SQL migrations into migrations/; wrangler applies them (local, remote, tests). */
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
});
