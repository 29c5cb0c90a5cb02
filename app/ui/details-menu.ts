import { useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useEffectOnChange } from "./hydration";

/**
 * A menu drawn as a <details> (so it opens without JavaScript): with JavaScript the page around it
 * persists across navigations, so it closes after each one — not at hydration: a menu (or the phone
 * search) opened before the page booted stays open (docs/README.md, hydration). Returns the ref for
 * the <details>.
 */
export function useDetailsClosedOnNavigation() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffectOnChange(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, location.key);
  return menuRef;
}
