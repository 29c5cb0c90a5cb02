/**
 * A short reference for something sent to the owner in a Telegram message (an order, a contact
 * message): eight Crockford base-32 characters (40 bits) as "7K3Q-M2XP", short enough to read aloud,
 * without the letters that look like digits (I, L, O, U). Pure, so any message builder can use it.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The first 40 bits of `bytes` as a reference (fewer bytes: a shorter one). */
export function referenceFromBytes(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= 8) break;
  }
  return `${out.slice(0, 4)}-${out.slice(4, 8)}`;
}

/** A reference's shape, for readers that check one. */
export const REFERENCE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A fresh random reference (for a message that has no signature to derive one from). */
export function randomReference(): string {
  return referenceFromBytes(crypto.getRandomValues(new Uint8Array(5)));
}
