import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A menu drawn as a <details> (so it opens without JavaScript): with JavaScript the page around it
 * persists across navigations, so it closes after each one. Returns the ref for the <details>.
 */
export function useDetailsClosedOnNavigation() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);
  return menuRef;
}
