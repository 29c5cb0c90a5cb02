import type { SVGProps } from "react";

/**
 * The icon set: each icon is a small component drawing one `<svg>`, hidden from assistive technology
 * by default (the control around it carries the name: an aria-label or visible text). Pass
 * `className` for size and colour; any other svg attribute (strokeWidth, aria-hidden…) overrides the
 * icon's own. Lines are drawn in the text colour (`currentColor`).
 *
 * Icons drawn in more than one place live here. An icon with a single use is drawn with `Icon`,
 * `LineIcon` or `SmallLineIcon` beside that use, so it loads with its page: this module ships with
 * the app shell on every first visit (manualChunks in vite.config.ts).
 */
export type IconProps = SVGProps<SVGSVGElement>;

/** The base of every icon: an svg hidden from assistive technology unless told otherwise. */
export function Icon(props: IconProps) {
  return <svg aria-hidden="true" {...props} />;
}

/** An icon drawn with lines on a 24-unit grid (no fill, the text colour as stroke, 1.8 wide). */
export function LineIcon(props: IconProps) {
  return <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" {...props} />;
}

/** An icon drawn with lines on a 20-unit grid (for small controls). */
export function SmallLineIcon(props: IconProps) {
  return <Icon viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" {...props} />;
}

/** ✕: closes a dialog, drawer or menu. */
export function CloseIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </LineIcon>
  );
}

/** A small ✕ (20-unit grid): removes a chip, dismisses a toast. */
export function SmallCloseIcon(props: IconProps) {
  return (
    <SmallLineIcon {...props}>
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </SmallLineIcon>
  );
}

/** ☰: opens a menu. */
export function MenuIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
    </LineIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" strokeLinecap="round" />
    </LineIcon>
  );
}

export function CartIcon({ className = "h-5 w-5", ...props }: IconProps) {
  return (
    <LineIcon className={className} {...props}>
      <path d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </LineIcon>
  );
}

export function TelegramIcon({ className = "h-5 w-5", ...props }: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" className={className} fill="currentColor" {...props}>
      <path d="M21.4 3.6 2.9 10.8c-1.3.5-1.2 1.3-.2 1.6l4.7 1.5 1.8 5.6c.2.7.4.9.9.9.4 0 .6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.4-1.5Zm-3.2 4-8.9 8-.3 3.4-1.5-4.7 10.4-6.5c.4-.3.7-.1.3.2Z" />
    </Icon>
  );
}

/** A turning arc: something is loading. `trackOpacity` is how strongly the full circle behind it shows. */
export function SpinnerIcon({ trackOpacity = "0.25", ...props }: IconProps & { trackOpacity?: string }) {
  return (
    <Icon viewBox="0 0 24 24" fill="none" {...props}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity={trackOpacity} strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Icon>
  );
}

/** One path drawn with rounded lines on a 24-unit grid: the glyphs of data-driven lists (values, features, account links). */
export function GlyphIcon({ d, ...props }: IconProps & { d: string }) {
  return (
    <LineIcon strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d={d} />
    </LineIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
    </LineIcon>
  );
}

/** ✓ on a 20-unit grid. */
export function CheckIcon(props: IconProps) {
  return (
    <SmallLineIcon strokeWidth="2.2" {...props}>
      <path d="m5 10.5 3.2 3L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
    </SmallLineIcon>
  );
}

/** ⌄ on a 20-unit grid: a select's or a disclosure's arrow. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <SmallLineIcon {...props}>
      <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </SmallLineIcon>
  );
}
