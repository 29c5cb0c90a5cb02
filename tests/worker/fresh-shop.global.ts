import type { TestProject } from "vitest/node";
import { createDb } from "../../app/server/load-context";
import { catalogueSeedData } from "../../db/seed";
import type { FreshShopSeed } from "./fresh-shop";

/**
 * Vitest globalSetup for the worker tests: builds the catalogue seed's SQL and sample lab reports once,
 * in Node, for tests/worker/setup.ts to write into each test file's fresh D1 and R2. Building the
 * statements needs no database: drizzle only turns them into SQL here.
 */
export default function setup(project: TestProject) {
  const { statements, objects } = catalogueSeedData(createDb({} as D1Database));
  const seed: FreshShopSeed = {
    statements,
    objects: objects.map(({ key, bytes, options }) => ({ key, base64: Buffer.from(bytes).toString("base64"), options })),
  };
  project.provide("freshShop", seed);
}
