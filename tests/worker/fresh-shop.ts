import type { SeedStatement } from "../../db/seed";
import type { sampleLabReportObjects } from "../../db/sample-lab-reports";

/** The seed every worker test file starts from, as plain data (made in Node by fresh-shop.global.ts). */
export interface FreshShopSeed {
  /** The catalogue seed's one batch. */
  statements: SeedStatement[];
  /** The sample lab reports' R2 objects, bytes in base64. */
  objects: { key: string; base64: string; options: ReturnType<typeof sampleLabReportObjects>[number]["options"] }[];
}

declare module "vitest" {
  export interface ProvidedContext {
    freshShop: FreshShopSeed;
  }
}
