/**
 * Recognising a file by its first bytes ("magic bytes"), never by its declared type or name: what
 * the photo, video and lab report checks are built on.
 */

/** Do the bytes at `offset` equal the signature? */
export function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

export const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
