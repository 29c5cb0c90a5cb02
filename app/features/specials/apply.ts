import { formatCents } from "~/features/money/money";
import { specialTiming } from "./schedule";
import { inSelection, type Special } from "./special";

/**
 * The specials engine: what a cart saves, from its priced lines, the shop's specials, the clock and
 * the code the shopper entered. Pure, so the drawer, checkout, the no-JS cart and the order message
 * all get the same answer from the same call. Prices come in already after bulk tiers and sale
 * prices; a special only ever takes money off them.
 *
 * The stacking rule: each line takes at most one special — the assignment of lines to specials that
 * saves the shopper the most in total — and spend-and-save then applies to what is left.
 */

export interface PricedLine {
  /** The caller's key for the line (the cart's own key). */
  key: string;
  productId: number;
  sizeId: number;
  /** The product's category slug. */
  category: string;
  /** One unit's price in cents, after bulk tiers. */
  unitCents: number;
  quantity: number;
}

interface LineSaving {
  key: string;
  /** The special the line takes part in (null: none). A line can take part and save nothing itself, e.g. the paid units of buy-2-get-1. */
  specialId: number | null;
  specialName: string | null;
  savingCents: number;
  /** The line's total after its saving. */
  totalCents: number;
}

interface AppliedSpecial {
  id: number;
  name: string;
  savingCents: number;
  freeDelivery: boolean;
}

export interface SpecialsResult {
  lines: LineSaving[];
  /** Each special that applies, line specials first then spend-and-save, with what it saves. */
  applied: AppliedSpecial[];
  subtotalCents: number;
  savingCents: number;
  totalCents: number;
  /** The hook the delivery fee reads: a spend-and-save special waives it. */
  freeDelivery: boolean;
  /** What a cart still needs for a special: "Buy 2 pre-rolls, get 1 free: add 1 more to get 1 free". */
  hints: string[];
}

export interface ApplyInput {
  lines: PricedLine[];
  specials: Special[];
  now: Date;
  timeZone: string;
  /** The code the shopper entered or brought with a deal link, if any. */
  code?: string | null;
}

/** Above this many assignments the search climbs from the best single choices instead of trying them all. */
const EXACT_LIMIT = 20_000;

type LineSpecial = Exclude<Special, { kind: "spend_save" }>;
type SpendSave = Extract<Special, { kind: "spend_save" }>;

interface Unit {
  line: number;
  cents: number;
}

/** Whether a special is on for this shopper now (running, and its code entered when it has one). */
function specialIsOn(special: Special, now: Date, timeZone: string, code: string | null | undefined): boolean {
  if (special.code !== null && special.code !== (code ?? "").trim().toUpperCase()) return false;
  return specialTiming(special, now, timeZone).active;
}

/** Whether a line could take part in a line special at all. */
export function couldTake(special: LineSpecial, line: Pick<PricedLine, "productId" | "sizeId" | "category">): boolean {
  switch (special.kind) {
    case "bundle":
      return special.items.some((item) => item.productId === line.productId && (item.sizeId === null || item.sizeId === line.sizeId));
    case "buy_x_get_y":
      return inSelection(special.selection, line) || (special.reward !== null && inSelection(special.reward, line));
    default:
      return inSelection(special.selection, line);
  }
}

function unitsOf(lines: PricedLine[], indexes: number[]): Unit[] {
  const units: Unit[] = [];
  for (const line of indexes) {
    const priced = lines[line];
    if (!priced) continue;
    for (let n = 0; n < priced.quantity; n++) units.push({ line, cents: priced.unitCents });
  }
  return units;
}

const descending = (a: Unit, b: Unit) => b.cents - a.cents || a.line - b.line;
const ascending = (a: Unit, b: Unit) => a.cents - b.cents || a.line - b.line;

/** Spreads a set's saving over its units by price, never more than a unit costs. */
function spread(set: Unit[], saving: number, into: Map<number, number>) {
  const sum = set.reduce((total, unit) => total + unit.cents, 0);
  const shares = set.map((unit) => Math.floor((saving * unit.cents) / sum));
  let left = saving - shares.reduce((total, share) => total + share, 0);
  for (let n = 0; left > 0 && n < set.length; n++) {
    const unit = set[n];
    if (unit && (shares[n] ?? 0) < unit.cents) {
      shares[n] = (shares[n] ?? 0) + 1;
      left--;
    }
  }
  set.forEach((unit, n) => into.set(unit.line, (into.get(unit.line) ?? 0) + (shares[n] ?? 0)));
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** What one special saves on the lines given to it, per line index. */
function groupSaving(special: LineSpecial, lines: PricedLine[], indexes: number[]): Map<number, number> {
  const saving = new Map<number, number>();
  const limit = special.limitPerOrder ?? Number.POSITIVE_INFINITY;
  const add = (line: number, cents: number) => saving.set(line, (saving.get(line) ?? 0) + cents);
  const units = unitsOf(lines, indexes).sort(descending);
  switch (special.kind) {
    case "percent_off":
    case "amount_off": {
      units.slice(0, Math.min(units.length, limit)).forEach((unit) => {
        add(unit.line, special.kind === "percent_off" ? percentOf(unit.cents, special.percent) : Math.min(special.amountCents, unit.cents));
      });
      break;
    }
    case "buy_x_get_y": {
      const line = (index: number) => lines[index] ?? { productId: 0, sizeId: 0, category: "" };
      const reward = special.reward ?? special.selection;
      const rewards = units.filter((unit) => inSelection(reward, line(unit.line))).sort(ascending);
      const buyable = units.filter((unit) => inSelection(special.selection, line(unit.line)));
      for (let sets = Math.min(limit, Math.floor(units.length / (special.buy + special.get))); sets > 0; sets--) {
        const free = rewards.slice(0, sets * special.get);
        if (free.length < sets * special.get) continue;
        const paying = buyable.filter((unit) => !free.includes(unit)).length;
        if (paying < sets * special.buy) continue;
        free.forEach((unit) => add(unit.line, percentOf(unit.cents, special.percent)));
        break;
      }
      break;
    }
    case "mix_match": {
      for (let set = 0; set < limit && (set + 1) * special.count <= units.length; set++) {
        const group = units.slice(set * special.count, (set + 1) * special.count);
        const sum = group.reduce((total, unit) => total + unit.cents, 0);
        if (sum <= special.priceCents) break;
        spread(group, sum - special.priceCents, saving);
      }
      break;
    }
    case "bundle": {
      const left = [...units];
      for (let set = 0; set < limit; set++) {
        const group: Unit[] = [];
        for (const item of special.items) {
          for (let n = 0; n < item.quantity; n++) {
            const at = left.findIndex((unit) => {
              const priced = lines[unit.line];
              return priced?.productId === item.productId && (item.sizeId === null || item.sizeId === priced.sizeId);
            });
            if (at < 0) break;
            group.push(...left.splice(at, 1));
          }
        }
        const complete = group.length === special.items.reduce((total, item) => total + item.quantity, 0);
        const sum = group.reduce((total, unit) => total + unit.cents, 0);
        if (!complete || sum <= special.priceCents) break;
        spread(group, sum - special.priceCents, saving);
      }
      break;
    }
  }
  return saving;
}

/** The total saving of one assignment (line index -> special index or -1), and each line's share. */
function evaluate(assignment: number[], specials: LineSpecial[], lines: PricedLine[]) {
  const groups = new Map<number, number[]>();
  assignment.forEach((special, line) => {
    if (special >= 0) groups.set(special, [...(groups.get(special) ?? []), line]);
  });
  const perLine = new Map<number, number>();
  const groupTotals = new Map<number, number>();
  let total = 0;
  for (const [special, indexes] of groups) {
    const chosen = specials[special];
    if (!chosen) continue;
    const saving = groupSaving(chosen, lines, indexes);
    let sum = 0;
    for (const [line, cents] of saving) {
      perLine.set(line, (perLine.get(line) ?? 0) + cents);
      sum += cents;
    }
    groupTotals.set(special, sum);
    total += sum;
  }
  return { total, perLine, groupTotals };
}

/** The assignment of lines to line specials that saves the most (exact on small carts; a hill climb beyond). */
function bestAssignment(lines: PricedLine[], specials: LineSpecial[]): number[] {
  const options = lines.map((line) => [-1, ...specials.flatMap((special, index) => (couldTake(special, line) ? [index] : []))]);
  const combinations = options.reduce((product, choices) => product * choices.length, 1);
  if (combinations <= EXACT_LIMIT) {
    let best = lines.map(() => -1);
    let bestTotal = 0;
    const current = lines.map(() => -1);
    const visit = (line: number) => {
      if (line === lines.length) {
        const { total } = evaluate(current, specials, lines);
        if (total > bestTotal) {
          bestTotal = total;
          best = [...current];
        }
        return;
      }
      for (const choice of options[line] ?? [-1]) {
        current[line] = choice;
        visit(line + 1);
      }
      current[line] = -1;
    };
    visit(0);
    return best;
  }
  const current = lines.map(() => -1);
  let currentTotal = 0;
  for (;;) {
    let move: [number, number] | null = null;
    let moveTotal = currentTotal;
    for (const [line, choices] of options.entries()) {
      for (const choice of choices) {
        if (choice === current[line]) continue;
        const trial = [...current];
        trial[line] = choice;
        const { total } = evaluate(trial, specials, lines);
        if (total > moveTotal) {
          moveTotal = total;
          move = [line, choice];
        }
      }
    }
    if (!move) return current;
    const [line, choice] = move;
    current[line] = choice;
    currentTotal = moveTotal;
  }
}

function hintsFor(special: Special, lines: PricedLine[], base: number): string | null {
  if (special.kind === "spend_save") {
    if (base <= 0 || base >= special.minCents) return null;
    const reward = special.percent > 0 ? `${special.percent}% off` : "free delivery";
    return `${special.name}: spend ${formatCents(special.minCents - base)} more for ${reward}`;
  }
  const units = lines.filter((line) => couldTake(special, line)).reduce((total, line) => total + line.quantity, 0);
  if (units === 0) return null;
  const limit = special.limitPerOrder ?? Number.POSITIVE_INFINITY;
  if (special.kind === "buy_x_get_y") {
    const size = special.buy + special.get;
    const sets = Math.floor(units / size);
    const rest = units - sets * size;
    if (rest === 0 || sets >= limit) return null;
    const reward = special.percent === 100 ? "free" : `${special.percent}% off`;
    return `${special.name}: add ${size - rest} more to get ${special.get} ${reward}`;
  }
  if (special.kind === "mix_match") {
    const rest = units % special.count;
    if (rest === 0 || Math.floor(units / special.count) >= limit) return null;
    return `${special.name}: add ${special.count - rest} more for any ${special.count} at ${formatCents(special.priceCents)}`;
  }
  if (special.kind === "bundle") {
    const missing = special.items.filter(
      (item) =>
        lines
          .filter((line) => line.productId === item.productId && (item.sizeId === null || item.sizeId === line.sizeId))
          .reduce((total, line) => total + line.quantity, 0) < item.quantity,
    ).length;
    return missing > 0 ? `${special.name}: add the rest of the bundle (${missing} more product${missing === 1 ? "" : "s"})` : null;
  }
  return null;
}

export function applySpecials({ lines, specials, now, timeZone, code }: ApplyInput): SpecialsResult {
  const on = specials.filter((special) => specialIsOn(special, now, timeZone, code));
  const lineSpecials = on.filter((special): special is LineSpecial => special.kind !== "spend_save");
  const spendSaves = on.filter((special): special is SpendSave => special.kind === "spend_save");
  const kept = lines.filter((line) => line.quantity > 0 && line.unitCents >= 0);

  const assignment = bestAssignment(kept, lineSpecials);
  const { perLine, groupTotals } = evaluate(assignment, lineSpecials, kept);
  const result: LineSaving[] = kept.map((line, index) => {
    const special = lineSpecials[assignment[index] ?? -1];
    const takes = special && (groupTotals.get(assignment[index] ?? -1) ?? 0) > 0 ? special : null;
    const saving = takes ? (perLine.get(index) ?? 0) : 0;
    const total = line.unitCents * line.quantity;
    return {
      key: line.key,
      specialId: takes?.id ?? null,
      specialName: takes?.name ?? null,
      savingCents: saving,
      totalCents: total - saving,
    };
  });
  const applied: AppliedSpecial[] = lineSpecials.flatMap((special, index) => {
    const saving = groupTotals.get(index) ?? 0;
    return saving > 0 ? [{ id: special.id, name: special.name, savingCents: saving, freeDelivery: false }] : [];
  });

  const subtotal = kept.reduce((total, line) => total + line.unitCents * line.quantity, 0);
  const lineSaving = result.reduce((total, line) => total + line.savingCents, 0);
  const base = subtotal - lineSaving;
  const qualified = spendSaves.filter((special) => base > 0 && base >= special.minCents);
  const best = qualified.reduce<SpendSave | null>(
    (top, special) => (special.percent > 0 && (!top || percentOf(base, special.percent) > percentOf(base, top.percent)) ? special : top),
    null,
  );
  const spendSaving = best ? percentOf(base, best.percent) : 0;
  const freeDelivery = qualified.some((special) => special.freeDelivery);
  if (best) applied.push({ id: best.id, name: best.name, savingCents: spendSaving, freeDelivery: best.freeDelivery });
  for (const special of qualified) {
    if (special.freeDelivery && special !== best) applied.push({ id: special.id, name: special.name, savingCents: 0, freeDelivery: true });
  }
  const hints = on.flatMap((special) => {
    const hint = hintsFor(special, kept, base);
    return hint && !applied.some((done) => done.id === special.id && special.kind === "spend_save") ? [hint] : [];
  });
  const saving = lineSaving + spendSaving;
  return { lines: result, applied, subtotalCents: subtotal, savingCents: saving, totalCents: subtotal - saving, freeDelivery, hints };
}
