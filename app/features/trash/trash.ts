import { LAB_REPORTS_PREFIX } from "~/features/lab-reports/lab-report-display";
import { UPLOADS_PREFIX } from "~/features/photos/photo-urls";

/** The trash's pure rules (decision 025); the D1 and R2 side is trash.server.ts. */

/** Trashed products are purged for good after this many days (by the hourly cron). */
export const TRASH_PURGE_AFTER_DAYS = 30;
export const TRASH_ROUTE = "/admin/trash";

/** What a delete's confirmation says happens: the trash, not gone for good. */
export function trashNotice(many = false): string {
  return many
    ? `They move to the trash. You can restore them from Trash for ${TRASH_PURGE_AFTER_DAYS} days.`
    : `Moves to the trash. You can restore it from Trash for ${TRASH_PURGE_AFTER_DAYS} days.`;
}

/** A delete's toast stays long enough to reach its Undo. */
export const UNDO_TOAST_DURATION = 10_000;

/** What the trash holds; each kind has its own restore intent. */
export type TrashKind = "product" | "category" | "special";
export const RESTORE_INTENTS = { product: "restore", category: "restore-category", special: "restore-special" } as const satisfies Record<
  TrashKind,
  string
>;

/** The toast's Undo: a form posting the restore to the trash page, back to where the delete happened. */
function undoDeleteAction(id: number, redirectTo: string, kind: TrashKind = "product") {
  return { label: "Undo", to: TRASH_ROUTE, fields: { intent: RESTORE_INTENTS[kind], id: String(id), redirectTo } };
}

/** The product form's save that removed sizes: its Undo puts them back (decision 028). */
export const RESTORE_SIZES_INTENT = "restore-sizes";

/** The save's Undo: a form posting the sizes' restore, naming the version the save gave the product (a later save makes it stale). */
function undoRemovedSizesAction(productId: number, version: number, redirectTo: string) {
  return {
    label: "Undo",
    to: TRASH_ROUTE,
    fields: { intent: RESTORE_SIZES_INTENT, id: String(productId), version: String(version), redirectTo },
  };
}

/** The save's success toast (the product's title) when it removed sizes: which ones, and an Undo kept on screen long enough to reach. */
export function removedSizesToast(productId: number, version: number, redirectTo: string, labels: readonly string[]) {
  const named = labels.length > 5 ? [...labels.slice(0, 4), `${labels.length - 4} more`] : labels;
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)!}` : (named[0] ?? "");
  return {
    title: "Product updated successfully!",
    description: `Removed ${labels.length === 1 ? "size" : "sizes"}: ${list}. Undo puts ${labels.length === 1 ? "it" : "them"} back.`,
    duration: UNDO_TOAST_DURATION,
    action: undoRemovedSizesAction(productId, version, redirectTo),
  };
}

/** A delete's success toast (the product's texts), kept on screen long enough to reach its Undo. */
export function deletedToast(kind: TrashKind, id: number, redirectTo: string, text: { title: string; description: string }) {
  return { ...text, duration: UNDO_TOAST_DURATION, action: undoDeleteAction(id, redirectTo, kind) };
}

/** Why a product is in the trash: the owner deleted it, or a catalogue load that replaced the owner's work removed it. */
export type TrashReason = "deleted" | "replaced";

const TRASH_REASON_LABEL = new Map<string, string>(
  Object.entries({ deleted: "Deleted", replaced: "Removed by a catalogue load" } satisfies Record<TrashReason, string>),
);

/** The Trash's "Why" text for a stored reason (a reason it does not know is shown as stored). */
export function trashReasonLabel(reason: string): string {
  return TRASH_REASON_LABEL.get(reason) ?? reason;
}

const VIDEOS_PREFIX = "/videos/";

/**
 * An R2 object a product row points at: the bucket binding's name and the key in it. A photo is an
 * uploaded product image: beside its original it has variants under variantPrefix(key) and an
 * image_uploads row (decision 022), which go with it.
 */
export interface MediaObject {
  bucket: "IMAGES" | "VIDEOS";
  key: string;
  photo: boolean;
}

function uploadedKey(value: string | null | undefined, prefix: string): string | null {
  if (!value) return null;
  let path: string;
  try {
    path = new URL(value, "https://relative.invalid").pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(prefix)) return null;
  try {
    const key = decodeURIComponent(path.slice(prefix.length));
    return key && !key.includes("/") ? key : null;
  } catch {
    return null;
  }
}

function jsonList(text: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Every R2 object a product row uses, as "KIND:key" strings (so sets compare them): uploaded photos
 * (cover and extra, as PHOTO), the uploaded video and the lab report. Packshots and outside URLs are not ours to delete.
 */
export function productMediaKeys(row: {
  image?: string | null;
  extraImages?: string | null;
  video?: string | null;
  labReportKey?: string | null;
}): string[] {
  const keys: string[] = [];
  for (const image of [row.image, ...jsonList(row.extraImages)]) {
    const key = uploadedKey(image, UPLOADS_PREFIX);
    if (key) keys.push(`PHOTO:${key}`);
  }
  const video = uploadedKey(row.video, VIDEOS_PREFIX);
  if (video) keys.push(`VIDEOS:${video}`);
  if (row.labReportKey) keys.push(`IMAGES:${LAB_REPORTS_PREFIX}${row.labReportKey}`);
  return keys;
}

export function parseMediaKey(value: string): MediaObject {
  const [kind, ...rest] = value.split(":");
  return { bucket: kind === "VIDEOS" ? "VIDEOS" : "IMAGES", key: rest.join(":"), photo: kind === "PHOTO" };
}
