import { Link } from "@remix-run/react";
import { Icon } from "~/ui/icons";
import { useShopName } from "./root-data";

export function LeafMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <Icon viewBox="0 0 32 32" className={className}>
      <circle cx="16" cy="16" r="16" fill="currentColor" opacity="0.12" />
      <path d="M16 5c4.6 3.7 6.9 7.7 6.9 11.9 0 4.3-3 7.4-6.9 8.1-3.9-.7-6.9-3.8-6.9-8.1C9.1 12.7 11.4 8.7 16 5z" fill="currentColor" />
      <path d="M16 9v18" stroke="#fcfaf4" strokeWidth="1.4" strokeLinecap="round" />
      <path d="M16 15l-3.2-2.6M16 19l3.4-2.8M16 22.5l-2.8-2" stroke="#fcfaf4" strokeWidth="1.2" strokeLinecap="round" />
    </Icon>
  );
}

export function Logo() {
  const name = useShopName();
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 text-forest-800" aria-label={`${name} home`}>
      <LeafMark className="h-7 w-7 shrink-0 min-[360px]:h-8 min-[360px]:w-8" />
      {/* One line at every width: a size smaller on the narrowest phones; the owner's long name is cut with an ellipsis. */}
      <span className="truncate font-display text-sm font-semibold tracking-tight text-forest-900 min-[360px]:text-xl">{name}</span>
    </Link>
  );
}
