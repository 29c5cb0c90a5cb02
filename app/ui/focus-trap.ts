/** What Tab can reach inside a modal: links, enabled controls and explicit tab stops, not hidden ones. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest("[hidden]"));
}

/**
 * Keeps Tab inside a modal (the cart drawer, the zoom dialog, the age gate): Tab on the last
 * control wraps to the first, Shift+Tab on the first to the last, and focus that is outside the
 * modal comes back in. Call it from the modal's keydown handler; other keys pass through.
 */
export function keepTabInside(event: { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement) {
  if (event.key !== "Tab") return;
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
