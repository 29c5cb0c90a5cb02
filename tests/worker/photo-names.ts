/**
 * The test photos' names (scripts/photo-fixtures.ts makes them; tests/worker/photos.global.ts hands
 * them to the workers pool). Shared by the Node and the workers-pool projects.
 */
export type FixtureName =
  | "privacy"
  | "orientation6"
  | "orientation8"
  | "small"
  | "cmyk"
  | "deepPng"
  | "animatedGif"
  | "animatedWebp"
  | "corruptJpeg"
  | "truncatedJpeg"
  | "truncatedPng"
  | "bomb"
  | "hugeItxt"
  | "heic"
  | "metadataPng"
  | "metadataWebp"
  | "metadataGif";

/** What the metadata of the privacy fixtures says: none of it may appear in anything served. */
export const PRIVATE_TOKENS = {
  make: "PrivacyCam",
  model: "Leaky X1",
  artist: "Owner Home Token",
  comment: "Shot at the stash room",
  latitude: "52.370216",
  longitude: "4.895168",
} as const;

declare module "vitest" {
  export interface ProvidedContext {
    /** Each test photo as base64. */
    photos: Record<FixtureName, string>;
  }
}
