/** A notice shown bottom-right by the Toaster. */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** milliseconds; default 4000 (add-to-cart uses 3000) */
  duration?: number;
  /** A button in the notice that posts a real form (works without JavaScript), e.g. Undo after a delete. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  /** the path the form posts to */
  to: string;
  fields: Record<string, string>;
}

export const TOAST_DEFAULT_DURATION = 4000;
export const TOAST_MAX_VISIBLE = 3;
