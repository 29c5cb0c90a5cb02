import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CONTACT_SENT_TOAST, ContactSchema, contactMessageText } from "../../app/features/contact/contact";
import { randomReference, referenceFromBytes, REFERENCE_PATTERN } from "../../app/features/orders/reference";
import { TELEGRAM_MAX_TEXT_LENGTH } from "../../app/features/orders/order";
import { fcRuns } from "../fast-check";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** The field errors of a submission, or null when it is valid. */
function errorsOf(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: ContactSchema });
  return submission.status === "success" ? null : submission.error;
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Bulk order", message: "Do you ship 5+ units of Pala?" };

describe("ContactSchema (name, email, subject and message required; email format checked)", () => {
  it("accepts a complete message and trims every field", () => {
    const submission = parseWithZod(form({ name: "  Ada  ", email: " ada@example.com ", subject: " Hi ", message: " Hello \n" }), {
      schema: ContactSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" });
    }
  });

  it("reports every missing field with its own message", () => {
    expect(errorsOf({})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });

  it("treats whitespace-only fields as missing", () => {
    expect(errorsOf({ ...valid, name: "   ", message: "\n\t" })).toEqual({ name: ["Name is required"], message: ["Message is required"] });
  });

  it("checks the email format", () => {
    for (const email of ["not-an-email", "ada@", "@example.com", "ada example.com"]) {
      expect(errorsOf({ ...valid, email }), email).toEqual({ email: ["Please enter a valid email address"] });
    }
  });

  it("keeps the text within one Telegram message", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(3001) })).toEqual({ message: ["Message must be at most 3000 characters"] });
  });
});

describe("contactMessageText", () => {
  const shop = { shopName: "Greenleaf Supply", reference: "7K3Q-M2XP" };

  it("builds the exact contact text: the shop's name, the reference, then the fields", () => {
    expect(contactMessageText(valid, shop)).toBe(
      "New message to Greenleaf Supply from the contact form\nReference 7K3Q-M2XP\n\nName: Ada Lovelace\nEmail: ada@example.com\nSubject: Bulk order\nMessage: Do you ship 5+ units of Pala?",
    );
  });

  it("keeps line breaks inside the message", () => {
    expect(contactMessageText({ ...valid, message: "Line one\nLine two" }, shop)).toMatch(/\nMessage: Line one\nLine two$/);
  });

  it("gives every message its own reference in the orders' alphabet", () => {
    const references = new Set(Array.from({ length: 200 }, () => randomReference()));
    expect(references.size).toBe(200);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
  });

  it("any message the form accepts, long and in any script, fits one Telegram message with every field and the shop's words intact", () => {
    const text = (max: number) =>
      fc.oneof(
        fc.string({ minLength: 1, maxLength: max }),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: max }),
        fc.constantFrom("北京烤鸭 🍓".repeat(max), "Ультра ".repeat(max), "مرحبا بالعالم ".repeat(max), "x".repeat(max * 2)),
      );
    fc.assert(
      fc.property(
        fc.record({ name: text(100), subject: text(200), message: text(3000) }),
        fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constant("Зелёный лист 緑の葉 ".repeat(4).slice(0, 80))),
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        (fields, shopName, bytes) => {
          const submission = parseWithZod(form({ ...fields, email: "ada@example.com" }), { schema: ContactSchema });
          fc.pre(submission.status === "success");
          if (submission.status !== "success") return;
          const reference = referenceFromBytes(bytes);
          const message = contactMessageText(submission.value, { shopName, reference });
          expect(message.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT_LENGTH);
          const [first, second] = message.split("\n");
          expect(first).toBe(`New message to ${shopName} from the contact form`);
          expect(second).toBe(`Reference ${reference}`);
          expect(reference).toMatch(REFERENCE_PATTERN);
          for (const value of Object.values(submission.value)) expect(message).toContain(value);
        },
      ),
      { numRuns: fcRuns(300) },
    );
  });

  it("has the product's success notice", () => {
    expect(CONTACT_SENT_TOAST).toEqual({
      title: "Message sent!",
      description: "Your message has been sent via Telegram. We'll get back to you soon!",
    });
  });
});
