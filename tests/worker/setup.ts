import { applyD1Migrations, env } from "cloudflare:test";
import { inject } from "vitest";
import "./fresh-shop";

/**
 * Every test file starts from a fresh shop: the migrations, then the catalogue seed (its rows and sample
 * lab reports), as db/seed.ts's seedCatalogueIfEmpty makes them. Both come as plain data (the migrations'
 * SQL from the config, the seed's from fresh-shop.global.ts), so this file loads none of the app's
 * modules, and a fresh database gets all of it in one D1 round trip.
 */
const db = env.DB;
const migrations = (env as TestEnv).TEST_MIGRATIONS;
const seed = inject("freshShop");
const seedStatements = () => seed.statements.map(({ sql, params }) => db.prepare(sql).bind(...params));
const putObjects = () =>
  Promise.all(
    seed.objects.map(({ key, base64, options }) =>
      env.IMAGES.put(
        key,
        Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
        options,
      ),
    ),
  );

const fresh = !(await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").first());
if (fresh) {
  // applyD1Migrations' own bookkeeping table and rows, so anything that reads d1_migrations sees the same.
  const bookkeeping = db.prepare(
    "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
  );
  const applied = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  await Promise.all([
    putObjects(),
    db.batch([
      bookkeeping,
      ...migrations.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), applied.bind(migration.name)]),
      ...seedStatements(),
    ]),
  ]);
} else {
  // Setup files may run again on the same storage: apply what is missing and seed only an empty shop.
  await applyD1Migrations(db, migrations);
  const products = await db.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>();
  if (!products?.n) await Promise.all([putObjects(), db.batch(seedStatements())]);
}
