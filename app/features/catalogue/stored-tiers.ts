/**
 * Bulk prices as stored (decision 028): a size's tiers are JSON text on its row. Reading them also
 * reads the product's old fixed table (rows in the trash, old CSV files). Only the server and the admin
 * import this; the pure rules every page needs are price-tiers.ts.
 */
import { isCents, isPriceTiers, type PriceTiers } from "./price-tiers";

/** The product's fixed tier table, as rows written before decision 028 store it. */
interface LegacyPriceTiers {
  single: number;
  tier100: number;
  tier250: number;
  tier500: number;
  tier1000: number;
}
const LEGACY_STEPS = [
  ["tier100", 100],
  ["tier250", 250],
  ["tier500", 500],
  ["tier1000", 1000],
] as const;
const LEGACY_KEYS = ["single", "tier100", "tier250", "tier500", "tier1000"] as const;

function isLegacyTiers(value: unknown): value is LegacyPriceTiers {
  if (!value || typeof value !== "object") return false;
  return LEGACY_KEYS.every((key) => isCents(Reflect.get(value, key)));
}

/**
 * The old fixed table as tiers: 100/250/500/1000 units, and `single` from 1 unit when it is not the
 * price itself — so every quantity costs exactly what it did.
 */
export function tiersFromLegacy(priceCents: number, legacy: LegacyPriceTiers): PriceTiers {
  const steps = LEGACY_STEPS.map(([key, minQuantity]) => ({ minQuantity, unitPriceCents: legacy[key] }));
  return legacy.single === priceCents ? steps : [{ minQuantity: 1, unitPriceCents: legacy.single }, ...steps];
}

/**
 * Stored tiers (JSON text, or already parsed) to tiers, or null for none or anything unreadable. Reads
 * the list of decision 028 and the product's old fixed table, which needs the size's price.
 */
export function parsePriceTiers(value: unknown, priceCents?: number): PriceTiers | null {
  let parsed = value;
  if (typeof value === "string") {
    if (!value) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (isPriceTiers(parsed)) return parsed.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents }));
  if (isLegacyTiers(parsed)) return tiersFromLegacy(priceCents ?? parsed.single, parsed);
  return null;
}

/** Tiers as stored (JSON text), or null for none. */
export function serializePriceTiers(tiers: PriceTiers | null): string | null {
  return tiers && tiers.length > 0
    ? JSON.stringify(tiers.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })))
    : null;
}
