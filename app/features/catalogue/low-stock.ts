import { z } from "zod";
import { groupDigits } from "~/features/money/money";

/**
 * Low stock: a size whose stock is tracked and at or below the shop's low-stock level is
 * 'low'; the dashboard counts the products that have one and links to them. The level is the
 * owner's, one per shop, kept in `settings`.
 */
export const LOW_STOCK_SETTING = "low_stock_threshold";
export const DEFAULT_LOW_STOCK_LEVEL = 5;
/** As many as a size can hold (the sizes form's stock limit). */
const MAX_LOW_STOCK_LEVEL = 1_000_000;

const LEVEL_MESSAGE = `Enter a whole number of units from 1 to ${groupDigits(MAX_LOW_STOCK_LEVEL)}`;

/** The dashboard's low-stock form: one whole number of units. */
export const LowStockLevelSchema = z.object({
  level: z
    .string({ required_error: LEVEL_MESSAGE })
    .trim()
    .regex(/^\d{1,7}$/, LEVEL_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LEVEL_MESSAGE).max(MAX_LOW_STOCK_LEVEL, LEVEL_MESSAGE)),
});

export function lowStockSavedNotice(level: number) {
  return {
    title: "Low stock level saved",
    description: `A size with ${groupDigits(level)} or fewer ${level === 1 ? "unit" : "units"} on hand now counts as low stock`,
  };
}
