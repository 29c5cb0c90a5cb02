import type { SubmissionResult } from "@conform-to/react";

/**
 * What every form action answers when it does not redirect: conform's reply (each field's errors,
 * the form's own errors, what was sent) under `result`, so useForm's `lastResult` reads it as it is
 * and a page can add what it needs beside it. Pure: a component imports the type and formMessage; the replies themselves are in action-reply.server.ts.
 */
export interface ActionReply {
  result: SubmissionResult<string[]>;
}

/** The form's own message in an action's answer (the first form-level error), for a page to show. */
export function formMessage(reply: ActionReply | undefined): string | undefined {
  return reply?.result.error?.[""]?.[0];
}
