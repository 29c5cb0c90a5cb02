import { Icon } from "~/ui/icons";
import type { CategoryIcon } from "./category-icon";

/** Line icons for the home page's All Categories grid; which one is decided by app/features/home/category-icon.ts. */
const PATHS: Record<CategoryIcon, React.ReactNode> = {
  greenhouse: (
    <>
      <path d="M3.5 20.5V11a8.5 8.5 0 0 1 17 0v9.5Z" />
      <path d="M12 2.5v18M3.5 14h17M7.5 4.5v16M16.5 4.5v16" />
    </>
  ),
  flower: (
    <>
      <path d="M12 21v-8" />
      <path d="M12 13c-3.5 0-6-2.6-6-6 3.4 0 6 2.6 6 6Zm0 0c3.5 0 6-2.6 6-6-3.4 0-6 2.6-6 6Z" />
      <path d="M12 13c-1.7-2.2-1.7-6.3 0-9 1.7 2.7 1.7 6.8 0 9Z" />
      <path d="M8 21h8" />
    </>
  ),
  concentrate: (
    <>
      <path d="M12 3c3 4.2 5 7.1 5 10a5 5 0 0 1-10 0c0-2.9 2-5.8 5-10Z" />
      <path d="M9.5 14a2.5 2.5 0 0 0 2.5 2.5" />
    </>
  ),
  edible: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="9" cy="9.5" r="1" />
      <circle cx="14.5" cy="8.5" r="0.8" />
      <circle cx="15" cy="14" r="1" />
      <circle cx="9.5" cy="15" r="0.8" />
    </>
  ),
  bestseller: <path d="m12 3 2.7 5.5 6 .9-4.4 4.2 1 6L12 16.8 6.6 19.6l1-6L3.3 9.4l6-.9Z" />,
  exotic: (
    <>
      <path d="M4 17 3 7l5 4 4-6 4 6 5-4-1 10Z" />
      <path d="M4 20h16" />
    </>
  ),
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  low: (
    <>
      <path d="M3 7l6 6 4-4 8 8" />
      <path d="M15 17h6v-6" />
    </>
  ),
  mushroom: (
    <>
      <path d="M3.5 12a8.5 8.5 0 0 1 17 0Z" />
      <path d="M9.5 12v6.5a2.5 2.5 0 0 0 5 0V12" />
      <circle cx="9" cy="8" r="1" />
      <circle cx="14.5" cy="7" r="0.8" />
    </>
  ),
  pen: (
    <>
      <rect x="9" y="6" width="6" height="15" rx="2" />
      <path d="M10.5 6V3.5a1 1 0 0 1 1-1h1a1 1 0 0 1 1 1V6" />
      <path d="M12 9v4" />
      <circle cx="12" cy="17" r="0.9" />
    </>
  ),
  pack: (
    <>
      <path d="M4 11h16v8.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 19.5Z" />
      <path d="M6.5 11V6M9.5 11V4.5M12.5 11V6M15.5 11V4.5M18 11V6" />
      <path d="M4 14h16" />
    </>
  ),
  gelato: (
    <>
      <path d="M6.5 10.5a5.5 5.5 0 0 1 11 0" />
      <path d="M5.5 10.5h13" />
      <path d="m7.5 10.5 4.5 11 4.5-11" />
      <path d="m9.2 14.5 5-2.6M10.6 18l2.6-1.4" />
    </>
  ),
  sparkle: (
    <>
      <path d="M11 3.5 12.8 9l5.2 1.8-5.2 1.8L11 18l-1.8-5.4L4 10.8 9.2 9Z" />
      <path d="m18.5 15.5.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8Z" />
    </>
  ),
  leaf: (
    <>
      <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" />
      <path d="M5 19 14 10" />
    </>
  ),
};

export function HomeCategoryIcon({ icon, className = "h-7 w-7" }: { icon: CategoryIcon; className?: string }) {
  return (
    <Icon
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[icon]}
    </Icon>
  );
}
