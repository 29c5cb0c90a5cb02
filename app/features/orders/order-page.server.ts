import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { stockMovements } from "~db/schema";
import { cartRowsQuery, lineRow, toCartProduct, type CartProductRow } from "~/features/cart/cart.server";
import { unitPriceCents } from "~/features/catalogue/price-tiers";
import type { Db } from "~/server/load-context";
import type { OrderLinkLine, OrderSnapshot } from "./order-link.server";

/** An order line as the order page and the stock action read it: what was quoted, and what the shop has today. */
export interface ResolvedOrderLine {
  productId: number;
  quantity: number;
  quotedUnitCents: number;
  /** the product's name today; null when it is gone for good */
  name: string | null;
  /** the size's label ('' for a one-size product); null when the product is gone */
  sizeLabel: string | null;
  /** the size this line takes stock from: its own, or the product's first when it named none; null when there is none */
  sizeId: number | null;
  /** the size's stock today (null: not tracked) */
  stock: number | null;
  /** today's unit price for this quantity; null when the line can no longer be bought as quoted */
  todayUnitCents: number | null;
  status: "ok" | "unavailable" | "size-gone" | "gone";
  path: string | null;
}

/**
 * Each line of an order against the shop's rows today. A line that named no size means the
 * product's first size (as the cart reads it); a line whose size was removed says so rather than
 * standing in for another size, so stock is never taken from a size the shopper did not order.
 */
function resolveOrderLines(lines: readonly OrderLinkLine[], rows: readonly CartProductRow[]): ResolvedOrderLine[] {
  return lines.map((line) => {
    const quoted = { productId: line.productId, quantity: line.quantity, quotedUnitCents: line.unitCents };
    const own = rows.filter((row) => row.id === line.productId);
    const row = lineRow(own, line.sizeId);
    if (!row)
      return { ...quoted, name: null, sizeLabel: null, sizeId: null, stock: null, todayUnitCents: null, status: "gone", path: null };
    const product = toCartProduct(row);
    const base = { ...quoted, name: row.name, path: product.path };
    if (row.sizeId === null) return { ...base, sizeLabel: null, sizeId: null, stock: null, todayUnitCents: null, status: "gone" };
    if (line.sizeId !== undefined && row.sizeId !== line.sizeId) {
      return { ...base, sizeLabel: null, sizeId: null, stock: null, todayUnitCents: null, status: "size-gone" };
    }
    const today = unitPriceCents(product.priceCents, product.priceTiers, line.quantity);
    return {
      ...base,
      sizeLabel: row.sizeLabel ?? "",
      sizeId: row.sizeId,
      stock: row.sizeStock,
      todayUnitCents: today,
      status: row.active ? "ok" : "unavailable",
    };
  });
}

/** The units one take would lower, per size that tracks stock (lines naming the same size are one). */
export function quantitiesBySize(lines: readonly ResolvedOrderLine[]): Map<number, number> {
  const bySize = new Map<number, number>();
  for (const line of lines) {
    if (line.sizeId === null || line.stock === null || line.status === "gone" || line.status === "size-gone") continue;
    bySize.set(line.sizeId, (bySize.get(line.sizeId) ?? 0) + line.quantity);
  }
  return bySize;
}

function stockTakenQuery(db: Db, reference: string) {
  return db
    .select({ sizeId: stockMovements.sizeId, quantity: stockMovements.quantity, takenAt: stockMovements.takenAt })
    .from(stockMovements)
    .where(eq(stockMovements.reference, reference));
}

export type StockTaken = Array<{ sizeId: number; quantity: number; takenAt: number }>;

/**
 * The order's lines today and, for the signed-in owner, the stock already taken for its reference:
 * ONE batch (one D1 round trip). Null when D1 could not be read.
 */
export async function loadOrderRows(
  context: AppLoadContext,
  order: OrderSnapshot,
  reference: string,
  owner: boolean,
): Promise<{ lines: ResolvedOrderLine[]; taken: StockTaken | null } | null> {
  const { db } = context;
  const cartLines = order.lines.map((line) => ({
    id: line.productId,
    quantity: line.quantity,
    ...(line.sizeId ? { sizeId: line.sizeId } : {}),
  }));
  try {
    if (!owner) {
      const [rows] = await db.batch([cartRowsQuery(db, cartLines)]);
      return { lines: resolveOrderLines(order.lines, rows), taken: null };
    }
    const [rows, taken] = await db.batch([cartRowsQuery(db, cartLines), stockTakenQuery(db, reference)]);
    return { lines: resolveOrderLines(order.lines, rows), taken };
  } catch (error) {
    console.error("The order's lines could not be read", error);
    return null;
  }
}
