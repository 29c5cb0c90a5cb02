import { Link } from "@remix-run/react";

export interface SpecialsNowAndNext {
  running: Array<{ id: number; name: string; badge: string; until: string | null }>;
  upcoming: Array<{ id: number; name: string; badge: string; starts: string }>;
}

/** The dashboard's Specials panel: what shoppers get now, and what starts next. */
export function SpecialsPanel({ running, upcoming }: SpecialsNowAndNext) {
  return (
    <section aria-labelledby="specials-heading" className="card mb-8 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="specials-heading" className="text-lg font-semibold text-forest-900">
          Specials
        </h2>
        <Link to="/admin/specials" className="text-sm font-medium text-forest-800 underline underline-offset-2">
          Manage specials
        </Link>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-ink-700">Running now</h3>
          {running.length === 0 ? (
            <p className="mt-1 text-sm text-ink-500">None.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {running.map((special) => (
                <li key={special.id} className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/specials/${special.id}`} className="font-medium text-ink-900 hover:underline">
                    {special.name}
                  </Link>
                  <span className="text-ink-500"> · {special.until ? `ends ${special.until}` : "no end"}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink-700">Starts next</h3>
          {upcoming.length === 0 ? (
            <p className="mt-1 text-sm text-ink-500">Nothing scheduled.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {upcoming.map((special) => (
                <li key={special.id} className="[overflow-wrap:anywhere]">
                  <Link to={`/admin/specials/${special.id}`} className="font-medium text-ink-900 hover:underline">
                    {special.name}
                  </Link>
                  <span className="text-ink-500"> · starts {special.starts}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
