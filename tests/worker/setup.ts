import { applyD1Migrations, env } from "cloudflare:test";
import { createDb } from "../../app/server/load-context";
import { seedCatalogueIfEmpty } from "../../db/seed";

// Setup files may run more than once; both steps are idempotent.
await applyD1Migrations(env.DB, (env as TestEnv).TEST_MIGRATIONS);
await seedCatalogueIfEmpty(createDb(env.DB), env.IMAGES);
