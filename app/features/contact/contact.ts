import { z } from "zod";

/**
 * The contact form: name, email, subject and message, all required, the
 * email checked for its format. One schema, used by the browser (conform) and by the action.
 *
 * The length caps are not in docs/product.md: the text travels in a t.me link and Telegram takes at
 * most 4096 characters per message, so the four fields together stay below that.
 */
const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 3000 } as const;

function requiredText(label: string, max: number) {
  return z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const ContactSchema = z.object({
  name: requiredText("Name", CONTACT_LIMITS.name),
  email: requiredText("Email", CONTACT_LIMITS.email).email("Please enter a valid email address"),
  subject: requiredText("Subject", CONTACT_LIMITS.subject),
  message: requiredText("Message", CONTACT_LIMITS.message),
});

export type ContactMessage = z.infer<typeof ContactSchema>;

/**
 * The contact text opened in Telegram, in the shop's words: which shop it was written to (the owner's
 * trading name) and a short reference (orders/reference.ts), so the owner can tell one message from
 * another and the shopper can quote it; then the four fields as typed.
 */
export function contactMessageText(
  { name, email, subject, message }: ContactMessage,
  { shopName, reference }: { shopName: string; reference: string },
): string {
  return [
    `New message to ${shopName} from the contact form`,
    `Reference ${reference}`,
    "",
    `Name: ${name}`,
    `Email: ${email}`,
    `Subject: ${subject}`,
    `Message: ${message}`,
  ].join("\n");
}

/** Shopper notices. */
export const CONTACT_SENT_TOAST = {
  title: "Message sent!",
  description: "Your message has been sent via Telegram. We'll get back to you soon!",
} as const;
