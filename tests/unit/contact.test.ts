import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { CONTACT_SENT_TOAST, ContactSchema, contactMessageText } from "../../app/features/contact/contact";

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
  it("builds the exact contact text", () => {
    expect(contactMessageText(valid)).toBe(
      "New Contact Form Submission\n\nName: Ada Lovelace\nEmail: ada@example.com\nSubject: Bulk order\nMessage: Do you ship 5+ units of Pala?",
    );
  });

  it("keeps line breaks inside the message", () => {
    expect(contactMessageText({ ...valid, message: "Line one\nLine two" })).toBe(
      "New Contact Form Submission\n\nName: Ada Lovelace\nEmail: ada@example.com\nSubject: Bulk order\nMessage: Line one\nLine two",
    );
  });

  it("has the product's success notice", () => {
    expect(CONTACT_SENT_TOAST).toEqual({
      title: "Message sent!",
      description: "Your message has been sent via Telegram. We'll get back to you soon!",
    });
  });
});
