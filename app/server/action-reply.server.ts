import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionReply } from "./action-reply";

interface Replying {
  reply(options?: { formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]>;
}

/** Input the schema refused: 400 with an error beside each field and the values kept. */
export function invalidReply(submission: Replying, options: { hideFields?: string[] } = {}) {
  return data<ActionReply>({ result: submission.reply(options) }, { status: 400 });
}

/** Input that parsed but could not be acted on: the form's own message, with the status that says why. */
export function refusedReply(submission: Replying, message: string, status: number, options: { hideFields?: string[] } = {}) {
  return data<ActionReply>({ result: submission.reply({ ...options, formErrors: [message] }) }, { status });
}

interface Refused {
  error?: Record<string, string[] | null> | null;
}

/**
 * The first message of a submission the schema refused, for an action whose answer is a toast or a
 * page message rather than errors beside fields (a button form: Restore, Sign out, Retry).
 */
export function refusalMessage(submission: Refused, fallback = "The request could not be read."): string {
  for (const messages of Object.values(submission.error ?? {})) if (messages?.[0]) return messages[0];
  return fallback;
}
