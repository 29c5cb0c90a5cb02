import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, gt } from "drizzle-orm";
import { products } from "~db/schema";
import { requireAdmin } from "~/features/auth/auth.server";
import { CATALOGUE_CSV_COLUMNS, productCsvRows } from "~/features/catalogue-csv/catalogue-csv";
import { readSizesBetween } from "~/features/catalogue/sizes.server";
import { CSV_BOM, csvLine } from "~/features/catalogue-csv/csv";

/**
 * GET /admin/catalogue.csv — 'Export catalogue' (decision 026): every product, a row per size
 * (decision 028), UTF-8 with a BOM, streamed page by page (500 products and their sizes per page, by
 * id), so no whole file is ever held in the Worker.
 */

const PAGE_ROWS = 500;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { db } = context;
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(CATALOGUE_CSV_COLUMNS)));
        return;
      }
      try {
        const rows = await db.select().from(products).where(gt(products.id, lastId)).orderBy(asc(products.id)).limit(PAGE_ROWS);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        lastId = rows[rows.length - 1]!.id;
        const sizes = await readSizesBetween(db, rows[0]!.id, lastId);
        const lines = rows.flatMap((row) => productCsvRows(row, sizes.get(row.id)).map(csvLine));
        controller.enqueue(encoder.encode(lines.join("")));
      } catch (error) {
        console.error("Catalogue export failed part-way", error);
        controller.error(error);
      }
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogue-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
