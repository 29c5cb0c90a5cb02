import type { z } from "zod";

/**
 * A document the owner edits as a whole and can take back: the shop's settings, the storefront's
 * words. One zod schema is its only definition — the form, the loader and every reader use it.
 */
export interface ShopDocument<T, From = ShopDefaultsEnv> {
  /** the stored name of its versions */
  name: string;
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
  /**
   * a new shop's value (what readers get before the owner saves anything), written at read time from
   * `From`: the Worker's configuration for the settings, the settings for the storefront's words
   */
  defaults: (from: From) => T;
  /** the owner's name of each top-level field, for 'what changed' in the versions list */
  labels: Record<string, string>;
}

/** What a new shop's defaults may read from the Worker's configuration. */
export interface ShopDefaultsEnv {
  TELEGRAM_USERNAME: string;
}

/** One saved version, as the versions list shows it. */
export interface VersionSummary {
  id: number;
  savedAt: number;
  summary: string;
  restoredFrom: number | null;
}

/**
 * The owner's names of the top-level fields that differ between two versions, in the labels' order;
 * fields without a label are named by their key.
 */
export function changedFields(before: unknown, after: unknown, labels: Record<string, string>): string[] {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(labels), ...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).map((key) => labels[key] ?? key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
