import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/** useLayoutEffect in the browser; on the server (where React 18 warns about it) an effect that never runs. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Hydration keeps what the shopper did (docs/README.md): a page is usable before its JavaScript
 * boots, so a field may already hold what the shopper typed, ticked or chose when its island
 * hydrates. `read` runs once, as the island hydrates and before any re-render can write React's
 * state back into the fields: it takes the fields' values from the DOM into state (or acts on them).
 */
export function useReadAtHydration(read: () => void) {
  const latest = useRef(read);
  latest.current = read;
  useBrowserLayoutEffect(() => latest.current(), []);
}

/**
 * For a field that swaps its plain markup for an enhanced one: reads the plain field and swaps in a
 * synchronous re-render before the browser gets control back, so nothing can be chosen in between.
 */
export function useSwapAtHydration(read: () => void): boolean {
  // Mounted after hydration (a client-side navigation): enhanced from the first render.
  const hydrated = useHydrated();
  const [swapped, setSwapped] = useState(hydrated);
  useReadAtHydration(() => {
    read();
    setSwapped(true);
  });
  return swapped;
}

/** The files a plain file input named `name` under `root` holds: read at hydration, chosen before the page booted. */
export function filesChosenIn(root: Element | null | undefined, name: string): File[] {
  const files = root?.querySelector<HTMLInputElement>(`input[type="file"][name="${name}"]`)?.files;
  return files ? Array.from(files) : [];
}

/**
 * Sends, once, the files a plain file input held when the page booted (filesChosenIn): an upload
 * field swaps that input for its uploading one at hydration, and the new one starts empty.
 */
export function useSendChosenBeforeBoot(files: File[], send: (files: File[]) => void) {
  const latest = useRef(send);
  latest.current = send;
  const sent = useRef(false);
  useEffect(() => {
    if (files.length === 0 || sent.current) return;
    sent.current = true;
    latest.current(files);
  }, [files]);
}

/**
 * Like useEffect on `key`, but not on mount: for syncing fields to a value that changed later (the URL
 * after a chip or the back button) without overwriting what the fields held when they hydrated.
 */
export function useEffectOnChange(effect: () => void, key: string) {
  const previous = useRef(key);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    latest.current();
  }, [key]);
}

/**
 * Whether the shopper changed any field of a server-rendered form: a box or option whose state is not
 * the one the page was sent with, or text that is not its default.
 */
export function changedFields(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
      return element.type !== "hidden" && element.value !== element.defaultValue;
    }
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
    if (element instanceof HTMLSelectElement)
      return Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    return false;
  });
}
