import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, sum } from "drizzle-orm";
import { isbot } from "isbot";
import { insightDays, insightProductDays, insightTerms, products } from "~db/schema";
import { ADMIN_SESSION_COOKIE } from "~/features/auth/auth.server";
import { productIdFromParam } from "~/features/catalogue/product-path";
import { readSettings } from "~/features/settings/settings.server";
import { createDb, type Db } from "~/server/load-context";
import { validMessages } from "~/server/queue-messages";
import {
  countedTerm,
  EVENTS_PER_MESSAGE,
  FOLDED_TERM,
  lastDays,
  InsightMessageSchema,
  MESSAGE_ID_DAYS,
  retentionCutoff,
  SEARCH_RESULTS_HEADER,
  shopDay,
  TERMS_PER_DAY,
  type InsightEvent,
  type InsightMessage,
} from "./insights";

/**
 * Owner insights, the Worker's side (docs/decisions/046): which requests are counted, handing their
 * events to the Queue after the answer, and the consumer that adds a batch into daily rows in D1.
 * Nothing here reads or keeps an address, a cookie's value, a user agent or a URL's query.
 */

export const INSIGHTS_QUEUE_NAME = "shop-insights";
export { SEARCH_RESULTS_HEADER };

type Waiter = Pick<ExecutionContext, "waitUntil">;

/** Bots and the signed-in owner are not counted (the owner's session cookie is enough to tell: nothing is read from it). */
function isCounted(request: Request): boolean {
  if (isbot(request.headers.get("User-Agent") ?? "")) return false;
  return !(request.headers.get("Cookie") ?? "").includes(`${ADMIN_SESSION_COOKIE}=`);
}

/**
 * A product view, read from the URL alone before the page cache answers: GET /product/<id>[-slug]
 * (or its `.data` for a client navigation), with `?size=<id>` naming a size when a link chose one.
 */
function viewEvent(request: Request): InsightEvent | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const match = /^\/product\/([^/]+?)(?:\.data)?$/.exec(url.pathname);
  const productId = match ? productIdFromParam(match[1]) : null;
  if (productId === null) return null;
  const size = url.searchParams.get("size");
  const sizeId = size && /^[1-9]\d{0,14}$/.test(size) ? Number(size) : undefined;
  return sizeId === undefined ? { kind: "view", productId } : { kind: "view", productId, sizeId };
}

/** A search on the shop's listings, from its `search` parameter and the loader's result count. */
function searchEvent(request: Request, response: Response): InsightEvent | null {
  const results = response.headers.get(SEARCH_RESULTS_HEADER);
  if (request.method !== "GET" || results === null) return null;
  const term = countedTerm(new URL(request.url).searchParams.get("search"));
  return term ? { kind: "search", term, found: Number(results) > 0 } : null;
}

/** The Worker's counting of one request: a view before the cache answers, a search after; one message, sent after the answer. */
export function countRequest(request: Request, env: Env, ctx: Waiter) {
  const counted = isCounted(request);
  const view = counted ? viewEvent(request) : null;
  return (response: Response) => {
    // Only a page that was shown counts: a redirect to the product's own URL is counted there.
    if (response.status !== 200) return;
    const search = counted ? searchEvent(request, response) : null;
    sendInsights(
      env,
      ctx,
      [view, search].filter((event) => event !== null),
    );
  };
}

/** The minute an event happened: finer than a day is never needed. */
function minute(now: number) {
  return Math.floor(now / 60_000) * 60_000;
}

/**
 * Hands one request's events to the Queue after the answer. If the Queue refuses them, the page
 * has answered anyway; the loss is counted (one D1 write) so the owner sees which day is short.
 */
function sendInsights(env: Env, ctx: Waiter, events: InsightEvent[], now = Date.now()) {
  if (events.length === 0) return;
  const message: InsightMessage = { v: 1, at: minute(now), events: events.slice(0, EVENTS_PER_MESSAGE) };
  ctx.waitUntil(
    env.INSIGHTS_QUEUE.send(message).catch(async (error: unknown) => {
      console.error("Insights: the Queue refused a request's counts", error instanceof Error ? error.message : "unknown error");
      await recordLoss(env, message.at, message.events.length).catch((lost: unknown) => {
        console.error("Insights: the loss could not be recorded either", lost instanceof Error ? lost.message : "unknown error");
      });
    }),
  );
}

async function shopTimeZone(env: Env): Promise<string> {
  return (await readSettings({ db: createDb(env.DB), env })).value.hours.timeZone;
}

async function recordLoss(env: Env, at: number, events: number) {
  const day = shopDay(at, await shopTimeZone(env));
  await env.DB.prepare(
    "INSERT INTO insight_days (day, lost_events) VALUES (?1, ?2) ON CONFLICT (day) DO UPDATE SET lost_events = lost_events + excluded.lost_events",
  )
    .bind(day, events)
    .run();
}

type CartChangeInput =
  | { intent: "add"; productId: number; sizeId?: number; quantity?: number }
  | { intent: "set"; productId: number; sizeId?: number; quantity: number }
  | { intent: "increment" | "decrement" | "remove"; productId: number; sizeId?: number }
  | { intent: "clear" };

/** The cart action's one call: an add (with its quantity) or a removal that the cart accepted. */
export function countCartChange(context: AppLoadContext, request: Request, change: CartChangeInput, result: { ok: boolean }) {
  if (!result.ok || change.intent === "clear" || !isCounted(request)) return;
  const size = change.sizeId === undefined ? {} : { sizeId: change.sizeId };
  let event: InsightEvent | null = null;
  if (change.intent === "add") event = { kind: "add", productId: change.productId, ...size, quantity: change.quantity ?? 1 };
  else if (change.intent === "increment") event = { kind: "add", productId: change.productId, ...size, quantity: 1 };
  else if (change.intent === "remove" || (change.intent === "set" && change.quantity <= 0))
    event = { kind: "remove", productId: change.productId, ...size };
  if (event) sendInsights(context.env, context.cloudflare.ctx, [event]);
}

/** A deal link opened or a code entered that applies: counted per code. */
export function countDealUsed(context: AppLoadContext, request: Request, code: string) {
  if (!isCounted(request)) return;
  sendInsights(context.env, context.cloudflare.ctx, [{ kind: "deal", term: code }]);
}

/** The order action's one call: each line sent, with its quantity and quoted line total. */
export function countOrderSent(
  context: AppLoadContext,
  request: Request,
  lines: readonly { id: number; sizeId?: number; quantity: number; lineTotalCents: number }[],
) {
  if (lines.length === 0 || !isCounted(request)) return;
  sendInsights(
    context.env,
    context.cloudflare.ctx,
    lines.map((line) => ({
      kind: "order" as const,
      productId: line.id,
      ...(line.sizeId === undefined ? {} : { sizeId: line.sizeId }),
      quantity: line.quantity,
      cents: line.lineTotalCents,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// The consumer.

interface ProductCounts {
  day: string;
  productId: number;
  sizeId: number;
  views: number;
  adds: number;
  removes: number;
  orders: number;
  units: number;
  cents: number;
}

/** A batch's messages added up: one entry per row key, so one statement per key. */
function aggregate(messages: readonly InsightMessage[], timeZone: string) {
  const products = new Map<string, ProductCounts>();
  const terms = new Map<string, { day: string; kind: "search" | "deal"; term: string; uses: number; misses: number }>();
  const days = new Map<string, number>();
  for (const message of messages) {
    const day = shopDay(message.at, timeZone);
    if (message.events.some((event) => event.kind === "order")) days.set(day, (days.get(day) ?? 0) + 1);
    for (const event of message.events) {
      if (event.kind === "search" || event.kind === "deal") {
        const term = countedTerm(event.term);
        if (!term) continue;
        const key = `${day}\u0000${event.kind}\u0000${term}`;
        const row = terms.get(key) ?? { day, kind: event.kind, term, uses: 0, misses: 0 };
        row.uses += 1;
        if (event.kind === "search" && !event.found) row.misses += 1;
        terms.set(key, row);
        continue;
      }
      const sizeId = event.sizeId ?? 0;
      const key = `${day}\u0000${event.productId}\u0000${sizeId}`;
      const row = products.get(key) ?? {
        day,
        productId: event.productId,
        sizeId,
        views: 0,
        adds: 0,
        removes: 0,
        orders: 0,
        units: 0,
        cents: 0,
      };
      if (event.kind === "view") row.views += 1;
      else if (event.kind === "add") row.adds += event.quantity;
      else if (event.kind === "remove") row.removes += 1;
      else {
        row.orders += 1;
        row.units += event.quantity;
        row.cents += event.cents;
      }
      products.set(key, row);
    }
  }
  return { products: [...products.values()], terms: [...terms.values()], days };
}

// A product the shop does not have is not counted; a size it does not have counts as the product's.
const PRODUCT_UPSERT = `INSERT INTO insight_product_days (day, product_id, size_id, views, adds, removes, orders, ordered_units, revenue_cents)
SELECT ?1, ?2, CASE WHEN EXISTS (SELECT 1 FROM product_sizes WHERE id = ?3 AND product_id = ?2) THEN ?3 ELSE 0 END, ?4, ?5, ?6, ?7, ?8, ?9
WHERE EXISTS (SELECT 1 FROM products WHERE id = ?2)
ON CONFLICT (day, product_id, size_id) DO UPDATE SET views = views + excluded.views, adds = adds + excluded.adds,
  removes = removes + excluded.removes, orders = orders + excluded.orders, ordered_units = ordered_units + excluded.ordered_units,
  revenue_cents = revenue_cents + excluded.revenue_cents`;

// Past the day's cap a new term is added to the folded row instead: a stranger's stream of terms adds one row a day at most.
const TERM_UPSERT = `INSERT INTO insight_terms (day, kind, term, uses, misses)
SELECT ?1, ?2, CASE WHEN EXISTS (SELECT 1 FROM insight_terms WHERE day = ?1 AND kind = ?2 AND term = ?3)
  OR (SELECT count(*) FROM insight_terms WHERE day = ?1 AND kind = ?2) < ?6 THEN ?3 ELSE ?7 END, ?4, ?5
WHERE true
ON CONFLICT (day, kind, term) DO UPDATE SET uses = uses + excluded.uses, misses = misses + excluded.misses`;

const DAY_UPSERT =
  "INSERT INTO insight_days (day, orders) VALUES (?1, ?2) ON CONFLICT (day) DO UPDATE SET orders = orders + excluded.orders";

/** D1 binds at most 100 parameters per statement. */
const ID_CHUNK = 50;

async function countedIds(db: D1Database, ids: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    const rows = await db
      .prepare(`SELECT id FROM insight_messages WHERE id IN (${chunk.map(() => "?").join(",")})`)
      .bind(...chunk)
      .all<{ id: string }>();
    for (const row of rows.results) seen.add(row.id);
  }
  return seen;
}

/**
 * Adds a batch into the daily rows in one D1 transaction with the message ids it counts. A message
 * already counted (a redelivery) is acknowledged and skipped; if another delivery counts one first,
 * the plain insert of its id fails the whole transaction and the batch is retried: nothing twice.
 */
export async function handleInsightsBatch(batch: MessageBatch<unknown>, env: Env, now = Date.now()) {
  const valid = [...validMessages(batch, InsightMessageSchema)];
  if (valid.length === 0) return;
  try {
    const seen = await countedIds(
      env.DB,
      valid.map(([message]) => message.id),
    );
    const fresh = valid.filter(([message]) => !seen.has(message.id));
    if (fresh.length > 0) {
      const counts = aggregate(
        fresh.map(([, body]) => body),
        await shopTimeZone(env),
      );
      const statements = [
        ...fresh.map(([message]) => env.DB.prepare("INSERT INTO insight_messages (id, received_at) VALUES (?1, ?2)").bind(message.id, now)),
        ...counts.products.map((row) =>
          env.DB.prepare(PRODUCT_UPSERT).bind(
            row.day,
            row.productId,
            row.sizeId,
            row.views,
            row.adds,
            row.removes,
            row.orders,
            row.units,
            row.cents,
          ),
        ),
        ...counts.terms.map((row) =>
          env.DB.prepare(TERM_UPSERT).bind(row.day, row.kind, row.term, row.uses, row.misses, TERMS_PER_DAY, FOLDED_TERM),
        ),
        ...[...counts.days].map(([day, orders]) => env.DB.prepare(DAY_UPSERT).bind(day, orders)),
      ];
      await env.DB.batch(statements);
    }
    for (const [message] of valid) message.ack();
  } catch (error) {
    console.error("Insights: a batch could not be counted; retried", error instanceof Error ? error.message : "unknown error");
    for (const [message] of valid) message.retry();
  }
}

/** The hourly job: rows older than the retention, and message ids older than any redelivery. */
export async function purgeInsights(env: Env, now: number) {
  const cutoff = retentionCutoff(now, await shopTimeZone(env));
  await env.DB.batch([
    env.DB.prepare("DELETE FROM insight_product_days WHERE day < ?1").bind(cutoff),
    env.DB.prepare("DELETE FROM insight_terms WHERE day < ?1").bind(cutoff),
    env.DB.prepare("DELETE FROM insight_days WHERE day < ?1").bind(cutoff),
    env.DB.prepare("DELETE FROM insight_messages WHERE received_at < ?1").bind(now - MESSAGE_ID_DAYS * 86_400_000),
  ]);
}

// ---------------------------------------------------------------------------------------------
// What the owner reads.

/** @public (named by the insights loader's inferred return type) */
export interface DayFigures {
  day: string;
  views: number;
  adds: number;
  orders: number;
  lost: number;
}

/** @public (named by the insights loader's inferred return type) */
export interface ProductFigures {
  productId: number;
  name: string;
  views: number;
  adds: number;
  removes: number;
  orders: number;
  units: number;
  revenueCents: number;
}

export interface TermFigures {
  term: string;
  uses: number;
  misses: number;
}

export interface Insights {
  days: DayFigures[];
  products: ProductFigures[];
  searches: TermFigures[];
  missedSearches: TermFigures[];
}

const TERM_ROWS = 20;

/** Every figure the Insights screen and its CSV show for `days` (oldest first), in one D1 batch. */
export async function readInsights(db: Db, days: readonly string[]): Promise<Insights> {
  const from = days[0]!;
  const [perDay, dayRows, perProduct, searches, missed] = await db.batch([
    db
      .select({ day: insightProductDays.day, views: sum(insightProductDays.views), adds: sum(insightProductDays.adds) })
      .from(insightProductDays)
      .where(gte(insightProductDays.day, from))
      .groupBy(insightProductDays.day),
    db.select().from(insightDays).where(gte(insightDays.day, from)),
    db
      .select({
        productId: insightProductDays.productId,
        name: products.name,
        views: sum(insightProductDays.views),
        adds: sum(insightProductDays.adds),
        removes: sum(insightProductDays.removes),
        orders: sum(insightProductDays.orders),
        units: sum(insightProductDays.orderedUnits),
        revenueCents: sum(insightProductDays.revenueCents),
      })
      .from(insightProductDays)
      .innerJoin(products, eq(products.id, insightProductDays.productId))
      .where(gte(insightProductDays.day, from))
      .groupBy(insightProductDays.productId),
    termQuery(db, from, "uses"),
    termQuery(db, from, "misses"),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const extra = new Map(dayRows.map((row) => [row.day, row]));
  return {
    days: days.map((day) => ({
      day,
      views: Number(byDay.get(day)?.views ?? 0),
      adds: Number(byDay.get(day)?.adds ?? 0),
      orders: extra.get(day)?.orders ?? 0,
      lost: extra.get(day)?.lostEvents ?? 0,
    })),
    products: perProduct.map((row) => ({
      productId: row.productId,
      name: row.name,
      views: Number(row.views ?? 0),
      adds: Number(row.adds ?? 0),
      removes: Number(row.removes ?? 0),
      orders: Number(row.orders ?? 0),
      units: Number(row.units ?? 0),
      revenueCents: Number(row.revenueCents ?? 0),
    })),
    searches: searches.map(termFigures),
    missedSearches: missed.map(termFigures).filter((row) => row.misses > 0),
  };
}

function termQuery(db: Db, from: string, by: "uses" | "misses") {
  const total = sum(by === "uses" ? insightTerms.uses : insightTerms.misses);
  return db
    .select({ term: insightTerms.term, uses: sum(insightTerms.uses), misses: sum(insightTerms.misses) })
    .from(insightTerms)
    .where(and(eq(insightTerms.kind, "search"), gte(insightTerms.day, from)))
    .groupBy(insightTerms.term)
    .orderBy(desc(total), asc(insightTerms.term))
    .limit(TERM_ROWS);
}

function termFigures(row: { term: string; uses: string | null; misses: string | null }): TermFigures {
  return { term: row.term, uses: Number(row.uses ?? 0), misses: Number(row.misses ?? 0) };
}

/** One product's figures per day for `days` (its edit page's sparkline and 30-day figures). */
async function readProductInsights(db: Db, productId: number, days: readonly string[]) {
  const rows = await db
    .select({
      day: insightProductDays.day,
      views: sum(insightProductDays.views),
      adds: sum(insightProductDays.adds),
      orders: sum(insightProductDays.orders),
      units: sum(insightProductDays.orderedUnits),
      revenueCents: sum(insightProductDays.revenueCents),
    })
    .from(insightProductDays)
    .where(and(eq(insightProductDays.productId, productId), gte(insightProductDays.day, days[0]!)))
    .groupBy(insightProductDays.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const perDay = days.map((day) => ({ day, views: Number(byDay.get(day)?.views ?? 0) }));
  const total = (key: "views" | "adds" | "orders" | "units" | "revenueCents") => rows.reduce((acc, row) => acc + Number(row[key] ?? 0), 0);
  return {
    perDay,
    views: total("views"),
    adds: total("adds"),
    orders: total("orders"),
    units: total("units"),
    revenueCents: total("revenueCents"),
  };
}
export type ProductInsights = Awaited<ReturnType<typeof readProductInsights>>;

/** A product's last 30 days for its edit page; null when they cannot be read (the form still opens). */
export async function loadProductInsights(context: AppLoadContext, productId: number): Promise<ProductInsights | null> {
  try {
    const timeZone = (await readSettings(context)).value.hours.timeZone;
    return await readProductInsights(context.db, productId, lastDays(Date.now(), timeZone, 30));
  } catch (error) {
    console.error("Insights: a product's figures could not be read", error instanceof Error ? error.message : "unknown error");
    return null;
  }
}
