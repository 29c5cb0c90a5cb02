import type { TestProject } from "vitest/node";
import { makePhotoFixtures } from "../../scripts/photo-fixtures";
import type { FixtureName } from "./photo-names";

/**
 * Vitest globalSetup for the worker tests: makes the test photos once, in Node, with ImageMagick
 * and exiftool (scripts/photo-fixtures.ts), and hands them to the workers pool as base64
 * (`inject("photos")` in tests/worker/photos.ts).
 */
export default function setup(project: TestProject) {
  const photos = makePhotoFixtures();
  project.provide(
    "photos",
    Object.fromEntries(Object.entries(photos).map(([name, bytes]) => [name, Buffer.from(bytes).toString("base64")])) as Record<
      FixtureName,
      string
    >,
  );
}
