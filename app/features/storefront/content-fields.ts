import { z } from "zod";
import { localPath } from "~/server/redirect";

/**
 * The field rules every storefront document shares: text the owner writes is trimmed, bounded and,
 * when required, never blank; a link is a path on this shop; a date is a real calendar day.
 */

/** A required line of text, at most `max` characters. */
export function requiredText(max: number, message = "Write something here") {
  return z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, `Keep it to ${max.toLocaleString("en-US")} characters or fewer`);
}

/** An optional line of text (empty reads as ""). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep it to ${max.toLocaleString("en-US")} characters or fewer`)
    .optional()
    .transform((value) => value ?? "");
}

/** A link inside the shop: the redirect rule's local path, kept only when it is the path as written. */
function isLocalPath(value: string): boolean {
  return value !== "" && !/\s/.test(value) && localPath(value, "") === value;
}

export const localLink = z
  .string({ required_error: "Write a link, such as /shop" })
  .trim()
  .min(1, "Write a link, such as /shop")
  .max(300, "Keep the link to 300 characters or fewer")
  .refine(isLocalPath, "Use a path on this shop, starting with / (such as /shop?sale=1)");

/** A calendar day as YYYY-MM-DD. */
export const calendarDay = z
  .string({ required_error: "Pick a date" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date (YYYY-MM-DD)")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Pick a date that exists");

/** A tick box: present means yes. */
export const tickBox = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);
