/** A notice shown bottom-right by the Toaster (SPEC section 8 titles and texts). */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** milliseconds; default 4000 (add-to-cart uses 3000) */
  duration?: number;
}

export const TOAST_DEFAULT_DURATION = 4000;
export const TOAST_MAX_VISIBLE = 3;
