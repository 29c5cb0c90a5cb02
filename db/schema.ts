import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** ISO-8601 UTC timestamp default, e.g. 2026-11-22T05:03:41.123Z */
/** The current time as the ISO text every timestamp column holds, computed by D1 when the statement runs. */
export const sqlNow = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /**
     * The built-in catalogue's slug for this category (decision 024): it never changes when the owner
     * renames the category, so a catalogue load files its products under the category's current slug.
     * Null for a category the owner added.
     */
    catalogueKey: text("catalogue_key"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: text("created_at").notNull().default(sqlNow),
  },
  (t) => [
    uniqueIndex("categories_name_unique").on(t.name),
    uniqueIndex("categories_catalogue_key_unique").on(t.catalogueKey),
    uniqueIndex("categories_slug_unique").on(t.slug),
    index("categories_active_name_idx").on(t.active, t.name),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stable key of the built-in catalogue entry this row came from; makes the migration idempotent. */
    catalogueKey: text("catalogue_key"),
    name: text("name").notNull(),
    /** Integer cents, so filters and sorts run in SQL on an index. */
    priceCents: integer("price_cents").notNull(),
    /**
     * The original price a sale is measured from, integer cents; null when the
     * product is not on sale. Always above price_cents when set (app/features/deals/deals.ts).
     */
    compareAtCents: integer("compare_at_cents"),
    image: text("image"),
    /** JSON text: string[] */
    extraImages: text("extra_images").notNull().default("[]"),
    video: text("video"),
    description: text("description").notNull().default(""),
    /** Category slug. */
    category: text("category").notNull(),
    strainType: text("strain_type"),
    thcContent: text("thc_content"),
    /**
     * The THC text as numbers (app/features/catalogue/thc.ts thcColumns, computed on every write): 'percent' or 'mg',
     * and the lower and upper bound ("22-26%" is 22 to 26, "90%+" 90 to 100). Null when the text is
     * in no accepted shape. The shop's potency filter and THC sort read these.
     */
    thcUnit: text("thc_unit", { enum: ["percent", "mg"] }),
    thcMin: real("thc_min"),
    thcMax: real("thc_max"),
    /** JSON text: string[] */
    effects: text("effects").notNull().default("[]"),
    rating: real("rating").notNull().default(5),
    reviewCount: integer("review_count").notNull().default(0),
    isLabTested: integer("is_lab_tested", { mode: "boolean" }).notNull().default(true),
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** JSON text: { single, tier100, tier250, tier500, tier1000 } in cents, or null */
    priceTiers: text("price_tiers"),
    /**
     * Derived (decision 028): its sizes do not all cost the same, so cards say 'from $X' (the row's
     * price, the lowest). Kept by the sizes writer (sizes.server.ts); 0 for a product sold in one size.
     */
    sizesPriceDiffers: integer("sizes_price_differs", { mode: "boolean" }).notNull().default(false),
    /**
     * Derived (decision 028): the highest of its sizes' prices (the price for a product sold in one
     * size), so a price range finds a product by any of its sizes on the facet index. Kept by triggers
     * on `product_sizes` (migrations/0016), whatever writes a size's price.
     */
    maxPriceCents: integer("max_price_cents"),
    /**
     * Derived (decision 028): every size tracks its stock and none has any left, so the shop shows the
     * product Out of Stock as it does when the In Stock switch is off. Kept by triggers on
     * `product_sizes` (migrations/0016), whatever writes a size's stock.
     */
    soldOut: integer("sold_out", { mode: "boolean" }).notNull().default(false),
    /** Bulk pricing note shown on the product page, e.g. "5+ units @ $525". */
    bulkNote: text("bulk_note"),
    /**
     * The lab report (certificate of analysis; docs/decisions/019): its R2 object under
     * `lab-reports/` in the IMAGES bucket (the key without the prefix), the safe file name it is
     * served with, its type as its bytes proved it, and its size. All null when there is none.
     */
    labReportKey: text("lab_report_key"),
    labReportName: text("lab_report_name"),
    labReportType: text("lab_report_type"),
    labReportSize: integer("lab_report_size"),
    /** The report's facts, each optional: lab, test date (ISO yyyy-mm-dd), batch, and percentages 0-100. */
    labName: text("lab_name"),
    labTestDate: text("lab_test_date"),
    labBatch: text("lab_batch"),
    labThcPercent: real("lab_thc_percent"),
    labCbdPercent: real("lab_cbd_percent"),
    labTotalCannabinoidsPercent: real("lab_total_cannabinoids_percent"),
    /**
     * JSON text: the catalogue fields as the last catalogue load wrote them (decision 024). A field whose
     * value differs from it was edited by the owner, and a load keeps that edit unless told to replace it.
     * Null for the owner's own products, and for rows loaded before snapshots were kept.
     */
    catalogueSnapshot: text("catalogue_snapshot"),
    /** Optimistic-concurrency version: bumped on every update. */
    version: integer("version").notNull().default(1),
    createdAt: text("created_at").notNull().default(sqlNow),
    updatedAt: text("updated_at").notNull().default(sqlNow),
  },
  (t) => [
    uniqueIndex("products_catalogue_key_unique").on(t.catalogueKey),
    index("products_active_name_idx").on(t.active, t.name),
    index("products_active_price_idx").on(t.active, t.priceCents),
    index("products_active_category_name_idx").on(t.active, t.category, t.name),
    index("products_active_category_price_idx").on(t.active, t.category, t.priceCents),
    index("products_category_name_idx").on(t.category, t.name),
    index("products_name_idx").on(t.name),
    // THC: high to low, on /shop and in a category (walked backwards: percent before mg, strongest first).
    index("products_active_thc_idx").on(t.active, t.thcUnit, t.thcMax),
    index("products_active_category_thc_idx").on(t.active, t.category, t.thcUnit, t.thcMax),
    // The facet counts' covering index: one pass over a page's products reads every column a filter
    // counts on (the name too, for a search or a concentrates tab; the compare-at price for On sale)
    // from the index alone (decision 014).
    index("products_facets_idx").on(
      t.active,
      t.category,
      t.strainType,
      t.thcUnit,
      t.thcMax,
      t.inStock,
      t.priceCents,
      t.name,
      t.effects,
      t.compareAtCents,
      t.sizesPriceDiffers,
      t.maxPriceCents,
      t.soldOut,
    ),
  ],
);

/**
 * A product's sizes (decision 028): '1/8 oz', '5-pack', or '' for a product sold in one size,
 * each with its own price, sale price, SKU, stock and bulk tiers. Every product has at least one.
 * The products row keeps the lowest-priced size's price, compare-at price and tiers in `price_cents`,
 * `compare_at_cents` and `price_tiers` (derived, for listings' sorts and filters on their indexes);
 * app/features/catalogue/sizes.server.ts is the one writer of both.
 */
export const productSizes = sqliteTable(
  "product_sizes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** 0 first: the order the picker and the form show. */
    position: integer("position").notNull().default(0),
    /** '' for the one size of a product sold in one size (it shows no picker and no label anywhere). */
    label: text("label").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** The original price of this size's sale (the deals' rules), or null. */
    compareAtCents: integer("compare_at_cents"),
    sku: text("sku"),
    /** Units on hand; null = not tracked (the product's In Stock switch alone decides). */
    stock: integer("stock"),
    /** JSON text: { minQuantity, unitPriceCents }[] ascending by minQuantity (app/features/catalogue/price-tiers.ts). */
    tiers: text("tiers").notNull().default("[]"),
  },
  (t) => [
    index("product_sizes_product_position_idx").on(t.productId, t.position),
    // A price range over every size (decision 028) probes a product's sizes by price from the index alone.
    index("product_sizes_product_price_idx").on(t.productId, t.priceCents),
  ],
);

/**
 * Sizes the owner removed with a product form's save (decision 028), kept so the save's Undo puts
 * them back under their own ids (cart lines naming them stay valid). Only the latest save's are kept
 * per product (`version` is the version that save gave the product; Undo requires it to be current):
 * each save replaces the product's rows. Rows older than 30 days are purged with the trash.
 */
export const sizeTrash = sqliteTable(
  "size_trash",
  {
    /** The size's own id (AUTOINCREMENT in product_sizes, never reused). */
    id: integer("id").primaryKey(),
    productId: integer("product_id").notNull(),
    version: integer("version").notNull(),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    priceCents: integer("price_cents").notNull(),
    compareAtCents: integer("compare_at_cents"),
    sku: text("sku"),
    stock: integer("stock"),
    tiers: text("tiers").notNull(),
    /** When the save left ONE size (whose label the form blanks): that size's label before it, which Undo gives back. */
    keptLabel: text("kept_label"),
    removedAt: text("removed_at").notNull().default(sqlNow),
  },
  (t) => [index("size_trash_product_idx").on(t.productId), index("size_trash_removed_idx").on(t.removedAt)],
);

export const migrationRuns = sqliteTable(
  "migration_runs",
  {
    id: text("id").primaryKey(),
    /** queued | running | succeeded | warnings | partial | failed */
    status: text("status").notNull().default("queued"),
    /** catalogue (the built-in catalogue load) | import (a CSV file, decision 026) */
    kind: text("kind", { enum: ["catalogue", "import"] })
      .notNull()
      .default("catalogue"),
    /** For an import: the R2 key (IMAGES bucket) of the file the owner previewed and confirmed. */
    source: text("source"),
    clearExisting: integer("clear_existing", { mode: "boolean" }).notNull().default(true),
    /** Set once the existing products have been cleared, so a redelivery does not clear again. */
    cleared: integer("cleared", { mode: "boolean" }).notNull().default(false),
    total: integer("total").notNull().default(0),
    inserted: integer("inserted").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** JSON text: { key, name, reason }[] */
    failedProducts: text("failed_products").notNull().default("[]"),
    /** JSON text: what the run found to do, { rows?, added, changed, unchanged } (rows: an import's file rows); null before it planned */
    counts: text("counts"),
    productCount: integer("product_count"),
    migrationComplete: integer("migration_complete", { mode: "boolean" }).notNull().default(false),
    error: text("error"),
    createdAt: text("created_at").notNull().default(sqlNow),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
  },
  (t) => [index("migration_runs_created_idx").on(t.createdAt)],
);

/**
 * The trash (decision 025): a deleted product's whole row as JSON, under its own id, so Restore puts it
 * back with the same id, URL, media and lab report. Rows older than 30 days are purged by the hourly
 * cron, and only then are R2 objects no product uses any more deleted.
 */
export const productTrash = sqliteTable(
  "product_trash",
  {
    /** The product's id (ids are AUTOINCREMENT, so no new product takes it while it is here). */
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    catalogueKey: text("catalogue_key"),
    /** JSON text: the products row as it was */
    row: text("row").notNull(),
    /** deleted | replaced (by a catalogue load that replaced the owner's work) */
    reason: text("reason").notNull().default("deleted"),
    deletedAt: text("deleted_at").notNull().default(sqlNow),
  },
  (t) => [index("product_trash_deleted_idx").on(t.deletedAt)],
);

/**
 * Deleted categories (decision 025), like product_trash: the whole row as JSON under its own id
 * (AUTOINCREMENT, never reused). Products keep their category slug while it is here, so Restore
 * files them under it again. Purged with the product trash after 30 days.
 */
export const categoryTrash = sqliteTable(
  "category_trash",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    /** JSON text: the categories row as it was */
    row: text("row").notNull(),
    deletedAt: text("deleted_at").notNull().default(sqlNow),
  },
  (t) => [index("category_trash_deleted_idx").on(t.deletedAt)],
);

/** Small key/value flags, e.g. migration_complete. */
/**
 * One row: a random number that every write to products or product_sizes replaces (triggers, migration 0018),
 * whoever writes — the forms, bulk actions, loads, imports, restores, a script. A listing's kept facet
 * counts (decision 032) are current exactly while it is unchanged.
 */
export const catalogueRevision = sqliteTable("catalogue_revision", {
  id: integer("id").primaryKey(),
  value: integer("value").notNull().default(0),
});

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(sqlNow),
});

/** Failed admin sign-ins, for throttling per client. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    client: text("client").notNull(),
    /** epoch milliseconds */
    attemptedAt: integer("attempted_at").notNull(),
  },
  (t) => [
    index("login_attempts_client_time_idx").on(t.client, t.attemptedAt),
    // The global limit counts every client's recent failures.
    index("login_attempts_time_idx").on(t.attemptedAt),
  ],
);

/**
 * Server-side admin sessions. The `adminSession` cookie holds a random id (signed); the row holds
 * its SHA-256, so a leaked table gives no usable cookie. Sign-out deletes the row.
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    /** hex SHA-256 of the session id the cookie carries */
    idHash: text("id_hash").primaryKey(),
    username: text("username").notNull(),
    /** hex SHA-256 of the ADMIN_USERNAME and ADMIN_PASSWORD_HASH the session was made with: changing either ends it */
    credentialTag: text("credential_tag").notNull(),
    /** epoch milliseconds */
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at").notNull(),
    /** createdAt + 8 hours: the absolute limit */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Devices the admin has signed in from (docs/decisions/023, 038): a device cookie counts only while
 * its row is here and was made under the current credentials. 'Sign out everywhere' deletes them all.
 */
export const adminDevices = sqliteTable(
  "admin_devices",
  {
    /** hex SHA-256 of the device id the cookie carries */
    idHash: text("id_hash").primaryKey(),
    username: text("username").notNull(),
    /** the same tag as admin_sessions.credential_tag: a new ADMIN_PASSWORD_HASH or ADMIN_USERNAME makes the device unknown */
    credentialTag: text("credential_tag").notNull(),
    /** epoch milliseconds; the row goes when the cookie's year is up */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_devices_created_idx").on(t.createdAt)],
);

/** R2 multipart video uploads in progress, so an upload can resume after a reload and stale ones can be aborted. */
export const videoUploads = sqliteTable(
  "video_uploads",
  {
    uploadId: text("upload_id").primaryKey(),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    partSize: integer("part_size").notNull(),
    /** JSON text: { partNumber, etag }[] */
    parts: text("parts").notNull().default("[]"),
    /** uploading | complete | aborted */
    status: text("status").notNull().default("uploading"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("video_uploads_status_updated_idx").on(t.status, t.updatedAt)],
);

/**
 * Every uploaded product photo and the state of its variants (docs/decisions/022): the Queue
 * consumer makes the whole set from the private original in R2, then marks it ready in one update;
 * a set that cannot be made is `failed` with the reason the owner sees, and can be queued again.
 */
export const imageUploads = sqliteTable(
  "image_uploads",
  {
    /** The original's R2 key (image-{timestamp}-{random}.{ext}), as in /images/{key}. */
    key: text("key").primaryKey(),
    /** queued | processing | ready | failed */
    status: text("status", { enum: ["queued", "processing", "ready", "failed"] })
      .notNull()
      .default("queued"),
    contentType: text("content_type").notNull(),
    /** The original's size in bytes. */
    size: integer("size").notNull(),
    /** Upright size in pixels (after the EXIF orientation); null until the bytes were read. */
    width: integer("width"),
    height: integer("height"),
    animated: integer("animated", { mode: "boolean" }).notNull().default(false),
    /** JSON text: { [slot]: { [format]: bytes } } once ready (what shoppers download). */
    variants: text("variants").notNull().default("{}"),
    attempts: integer("attempts").notNull().default(0),
    /** Why the last attempt failed, in words the owner can act on. */
    error: text("error"),
    /** epoch milliseconds */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    readyAt: integer("ready_at"),
  },
  (t) => [index("image_uploads_status_updated_idx").on(t.status, t.updatedAt)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductSizeRow = typeof productSizes.$inferSelect;
export type ProductTrashRow = typeof productTrash.$inferSelect;
export type CategoryTrashRow = typeof categoryTrash.$inferSelect;
export type MigrationRunRow = typeof migrationRuns.$inferSelect;
export type VideoUploadRow = typeof videoUploads.$inferSelect;
export type ImageUploadRow = typeof imageUploads.$inferSelect;
export type AdminSessionRow = typeof adminSessions.$inferSelect;

/**
 * The owner's shop documents (the settings, the storefront's words), one row per saved version of
 * each: the newest row of a name is current, every older one can be restored (written again as the
 * newest). The body is the whole document as JSON, checked by its zod schema when read and written.
 */
export const shopDocumentVersions = sqliteTable(
  "shop_document_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    body: text("body").notNull(),
    /** epoch milliseconds */
    savedAt: integer("saved_at").notNull(),
    /** what changed from the version before, in the owner's terms ("Hours, Announcement") */
    summary: text("summary").notNull().default(""),
    /** set when this version is a restore of an older one */
    restoredFrom: integer("restored_from"),
  },
  (table) => [index("shop_document_versions_name_id").on(table.name, table.id)],
);

/**
 * The owner's specials (app/features/specials): `data` is the whole special as its zod schema
 * (special.ts) defines it; name, code and paused are copied out for the admin list and the deal-link
 * lookup. A delete sets `deleted_at` (the trash: Undo clears it; purged with the trash after 30 days).
 */
export const specials = sqliteTable(
  "specials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** Upper-case; unique among specials not in the trash. */
    code: text("code"),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    /** JSON text: SpecialData */
    data: text("data").notNull(),
    deletedAt: text("deleted_at"),
    createdAt: text("created_at").notNull().default(sqlNow),
    updatedAt: text("updated_at").notNull().default(sqlNow),
  },
  (t) => [
    index("specials_deleted_idx").on(t.deletedAt),
    uniqueIndex("specials_code_unique")
      .on(t.code)
      .where(sql`${t.code} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);
export type SpecialRow = typeof specials.$inferSelect;

/**
 * Owner insights (docs/decisions/046): counts per shop day and product size, and nothing about any
 * person. `size_id` 0 is the product as a whole (a view, or an add that named no size). Written only
 * by the insights Queue consumer; rows older than 400 days are removed by the hourly job.
 */
export const insightProductDays = sqliteTable(
  "insight_product_days",
  {
    /** YYYY-MM-DD in the shop's time zone */
    day: text("day").notNull(),
    productId: integer("product_id").notNull(),
    sizeId: integer("size_id").notNull().default(0),
    views: integer("views").notNull().default(0),
    adds: integer("adds").notNull().default(0),
    removes: integer("removes").notNull().default(0),
    /** orders sent that had this line */
    orders: integer("orders").notNull().default(0),
    orderedUnits: integer("ordered_units").notNull().default(0),
    /** the order's quoted line totals, integer cents */
    revenueCents: integer("revenue_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.sizeId] }), index("insight_product_days_product_idx").on(t.productId, t.day)],
);

/** Search terms (kind 'search') and deal codes/links (kind 'deal') per day; past the day's cap a term folds into ''. */
export const insightTerms = sqliteTable(
  "insight_terms",
  {
    day: text("day").notNull(),
    kind: text("kind", { enum: ["search", "deal"] }).notNull(),
    term: text("term").notNull(),
    uses: integer("uses").notNull().default(0),
    /** searches that found nothing */
    misses: integer("misses").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.term] })],
);

/** Per day: orders sent, and events lost because the Queue refused them (the page still answered). */
export const insightDays = sqliteTable("insight_days", {
  day: text("day").primaryKey(),
  orders: integer("orders").notNull().default(0),
  lostEvents: integer("lost_events").notNull().default(0),
});

/** Queue message ids already counted: a redelivered batch counts nothing twice. Kept 14 days. */
export const insightMessages = sqliteTable(
  "insight_messages",
  {
    id: text("id").primaryKey(),
    /** epoch milliseconds */
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("insight_messages_received_idx").on(t.receivedAt)],
);

/**
 * Stock taken from sizes for an order the owner accepted (decision 044): keyed by the order link's
 * reference, never by anything about the shopper. A row exists while the order's units are out of
 * stock; "Put them back" adds `quantity` back and deletes the rows. `quantity` is what was really
 * taken (never more than was on hand), `take_id` marks the rows one take inserted, so the same batch
 * lowers stock by exactly those rows and a second take, finding its rows already there, lowers nothing.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull(),
    /** product_sizes.id (no foreign key: a deleted size leaves its movement readable) */
    sizeId: integer("size_id").notNull(),
    quantity: integer("quantity").notNull(),
    /** epoch milliseconds */
    takenAt: integer("taken_at").notNull(),
    takeId: text("take_id").notNull(),
  },
  (t) => [uniqueIndex("stock_movements_reference_size").on(t.reference, t.sizeId), index("stock_movements_take").on(t.takeId)],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;
