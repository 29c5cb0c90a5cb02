import type { z } from "zod";

/**
 * The messages of a Queue batch whose body fits `schema`, each with its parsed body. A message of
 * unknown shape is logged and acknowledged here (retrying it could never help).
 */
export function* validMessages<T>(
  batch: MessageBatch<unknown>,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
): Generator<[Message<unknown>, T]> {
  for (const message of batch.messages) {
    const parsed = schema.safeParse(message.body);
    if (!parsed.success) {
      console.warn(`Ignoring a message of unknown shape on ${batch.queue}`, parsed.error.issues);
      message.ack();
      continue;
    }
    yield [message, parsed.data];
  }
}
