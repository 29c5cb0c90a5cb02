/**
 * The HTML Popover API's attributes, which React 18's types do not know yet (React 19 adds them as
 * camelCase props). Written lower-case, React 18 passes them to the DOM as they are.
 */
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual" | "";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
    popovertargetaction?: "toggle" | "show" | "hide";
  }
}
