import { inject } from "vitest";
import type { FixtureName } from "./photo-names";

/** The test photos made by photos.global.ts, as bytes. */
export function photo(name: FixtureName): Uint8Array<ArrayBuffer> {
  const text = atob(inject("photos")[name]);
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
