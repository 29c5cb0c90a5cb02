import { describe, expect, it } from "vitest";
import { specialDataSchema } from "../../app/features/specials/special";
import {
  createSpecial,
  getSpecial,
  listTrashedSpecials,
  restoreSpecial,
  specialsForCart,
  trashSpecial,
  updateSpecial,
} from "../../app/features/specials/specials.server";
import { db } from "./shop-helpers";

const NY = "America/New_York";
const data = (extra: Record<string, unknown>) =>
  specialDataSchema.parse({
    name: "Buy 2 pre-rolls, get 1 free",
    badge: "Buy 2 get 1",
    kind: "buy_x_get_y",
    buy: 2,
    get: 1,
    percent: 100,
    selection: { categories: ["pre-rolls"] },
    ...extra,
  });

describe("specials in D1", () => {
  it("saves, reads, refuses a code already in use, trashes and restores a special", async () => {
    const saved = await createSpecial(db, data({ code: "store-roll" }));
    expect(saved.status).toBe("saved");
    if (saved.status !== "saved") return;
    expect((await getSpecial(db, saved.id))?.code).toBe("STORE-ROLL");
    expect(await createSpecial(db, data({ code: "Store-Roll" }))).toEqual({ status: "code-taken" });
    expect(await updateSpecial(db, saved.id, data({ code: "STORE-ROLL", name: "Renamed" }))).toEqual({ status: "saved", id: saved.id });

    expect(await trashSpecial(db, saved.id)).toBe("Renamed");
    expect(await getSpecial(db, saved.id)).toBeNull();
    expect((await listTrashedSpecials(db)).map((row) => row.id)).toContain(saved.id);
    expect(await restoreSpecial(db, saved.id)).toEqual({ status: "restored", name: "Renamed" });
    expect((await getSpecial(db, saved.id))?.name).toBe("Renamed");
    await trashSpecial(db, saved.id);
  });

  it("the cart's seam applies the stored specials, with the code the shopper brought", async () => {
    const plain = await createSpecial(db, data({}));
    const coded = await createSpecial(
      db,
      data({ kind: "percent_off", percent: 10, selection: { categories: ["edibles"] }, code: "SEAM10", name: "Code 10%", badge: "−10%" }),
    );
    const lines = [
      { key: "a", productId: 900_001, sizeId: 1, category: "pre-rolls", unitCents: 1200, quantity: 3 },
      { key: "b", productId: 900_002, sizeId: 2, category: "edibles", unitCents: 2000, quantity: 1 },
    ];
    const now = new Date("2026-01-09T17:00:00Z");
    const without = await specialsForCart(db, { lines, timeZone: NY, code: null, now });
    expect(without.savingCents).toBe(1200);
    const withCode = await specialsForCart(db, { lines, timeZone: NY, code: "seam10", now });
    expect(withCode.savingCents).toBe(1400);
    expect(withCode.applied.map((special) => special.name)).toEqual(["Buy 2 pre-rolls, get 1 free", "Code 10%"]);
    for (const result of [plain, coded]) if (result.status === "saved") await trashSpecial(db, result.id);
  });
});
