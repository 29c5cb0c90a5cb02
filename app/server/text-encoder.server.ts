/**
 * UTF-8 encoding for the many short strings a server render writes (docs/decisions/033).
 *
 * React 18's streaming renderer (`react-dom/server.browser`, the one the Worker runs) encodes every
 * piece of markup it writes with its own `new TextEncoder()`: each attribute value, each escaped
 * text, one call at a time — about 5,800 calls for /shop, nine in ten of them 16 characters or
 * fewer. In workerd each call crosses from JavaScript into the runtime and costs ~0.27 µs whatever
 * the length; a plain loop over a short ASCII string costs 0.02–0.08 µs. Strings longer than
 * SHORT_STRING_LIMIT, and any string with a character outside ASCII, go to the runtime's encoder
 * unchanged, so every result is byte for byte the runtime's (tests/unit/text-encoder.test.ts).
 */

/** Up to this many UTF-16 code units the loop beats the runtime's call (measured in workerd: crossover 64–128). */
export const SHORT_STRING_LIMIT = 64;

const RuntimeTextEncoder = globalThis.TextEncoder;

/** The runtime's TextEncoder, with short ASCII strings encoded in JavaScript. */
export class ShortStringTextEncoder extends RuntimeTextEncoder {
  override encode(input: string = ""): Uint8Array<ArrayBuffer> {
    // Anything else (a number, an object with toString) is converted by the runtime, as the standard says.
    if (typeof input !== "string" || input.length > SHORT_STRING_LIMIT) return super.encode(input);
    const length = input.length;
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      const code = input.charCodeAt(i);
      if (code > 0x7f) return super.encode(input);
      bytes[i] = code;
    }
    return bytes;
  }
}

/**
 * Makes every `new TextEncoder()` from here on a ShortStringTextEncoder. Must run before React's
 * server renderer is first evaluated (it creates its encoder once, when its module loads): the
 * Worker's entry imports workers/text-encoder.ts before anything else.
 */
export function installShortStringTextEncoder(): void {
  if (globalThis.TextEncoder !== ShortStringTextEncoder) globalThis.TextEncoder = ShortStringTextEncoder;
}
