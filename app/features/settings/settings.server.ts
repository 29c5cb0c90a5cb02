import type { AppLoadContext } from "@remix-run/cloudflare";
import { readDocument, type DocumentRead } from "~/features/shop-documents/shop-documents.server";
import { SETTINGS, type Settings } from "./settings";

/** The shop's current settings for an action (one D1 query; pages read them in the layout's batch instead). */
export function readSettings({ db, env }: Pick<AppLoadContext, "db" | "env">): Promise<DocumentRead<Settings>> {
  return readDocument(db, SETTINGS, env);
}
