import type { MigrationRunRow } from "../../db/schema";

/**
 * The dashboard's catalogue migration panel ('Load Full Product Catalog').
 * Placeholder until the migration issue lands.
 */
export function MigrationPanel({ run }: { run: MigrationRunRow | null }) {
  return (
    <section aria-labelledby="migration-heading" className="card p-6">
      <h2 id="migration-heading" className="text-lg font-semibold">Product catalogue</h2>
      <p className="mt-1 text-sm text-ink-700">Load the full product catalogue (100+ products) into the database.</p>
      <button type="button" className="btn-primary mt-4" disabled>
        Load Full Product Catalog
      </button>
      {run ? <p className="mt-2 text-sm">Last run: {run.status}</p> : null}
    </section>
  );
}
