import { useEffect, useRef, type RefObject } from "react";

/**
 * Shows a native <dialog> as a modal while `open` is true: the browser keeps focus inside it, makes
 * the page behind inert, puts it in the top layer and closes it on Escape. This adds what the
 * browser leaves out: the page behind does not scroll, and focus goes back to whatever opened the
 * dialog when it closes. A dialog the server rendered with `open` (so it shows without JavaScript)
 * is turned into a modal one on hydration. Wire the returned ref to the <dialog>; its `onClose`
 * tells the owner it closed (Escape, a close button calling `close()`, or `open` turning false).
 * Focus starts on `initialFocus` (React's autoFocus runs before the dialog is shown, too early).
 */
export function useModalDialog(open: boolean, initialFocus?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    // A server-rendered `open` dialog is not modal; showModal() refuses an open dialog, so close it first.
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // Back to the opener, unless the shopper has already moved on (a link in the dialog navigated).
      const focused = document.activeElement;
      if (opener instanceof HTMLElement && opener.isConnected && (!focused || focused === document.body)) opener.focus();
    };
  }, [open, initialFocus]);

  return ref;
}
