import { Link } from "@remix-run/react";

export interface Crumb {
  to: string;
  label: string;
  /** Category slugs read as words ("edibles" → "Edibles"). */
  capitalize?: boolean;
}

/** Shop › … › the page shown (not a link, `aria-current="page"`). */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-500">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((crumb) => (
          <CrumbItem key={crumb.to} crumb={crumb} />
        ))}
        <li aria-current="page" className="font-medium text-ink-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}

function CrumbItem({ crumb }: { crumb: Crumb }) {
  return (
    <>
      <li>
        <Link to={crumb.to} className={`${crumb.capitalize ? "capitalize " : ""}hover:text-forest-800 hover:underline`}>
          {crumb.label}
        </Link>
      </li>
      <li aria-hidden="true">/</li>
    </>
  );
}
