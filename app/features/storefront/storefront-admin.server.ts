import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { refusedReply } from "~/server/action-reply.server";
import { products } from "~db/schema";
import { listVersions, readDocument, restoreVersion, saveDocument } from "~/features/shop-documents/shop-documents.server";
import { readSettings } from "~/features/settings/settings.server";
import type { Settings } from "~/features/settings/settings";
import { redirectWithToast } from "~/features/toast/toast.server";
import { ABOUT_CONTENT, type AboutContent } from "./about-content";
import { FAQ_CONTENT, type FaqContent } from "./faq-content";
import { featuredProductId, HOME_CONTENT, type HomeContent } from "./home-content";
import { POLICIES_CONTENT, type PoliciesContent } from "./policies-content";
import { REVIEWS_CONTENT, type ReviewsContent } from "./reviews-content";
import { sectionDocument, SECTIONS, STOREFRONT_PATH, type SectionKey } from "./storefront-sections";

/** A product the owner can feature: the active ones, by name. */
export interface FeaturableProduct {
  id: number;
  name: string;
  category: string;
}

export type SectionValue =
  | { key: "home"; value: HomeContent }
  | { key: "reviews"; value: ReviewsContent }
  | { key: "faq"; value: FaqContent }
  | { key: "about"; value: AboutContent }
  | { key: "policies"; value: PoliciesContent };

/**
 * A section's page: its current document (until the owner saves one, the defaults written from the
 * current settings, exactly as the shop shows them), the versions the owner can restore and, for the
 * home page, the products to feature. A new shop's featured catalogue keys are shown as the products
 * they name, so the form always speaks in products.
 */
export async function loadStorefrontSection(context: AppLoadContext, key: SectionKey) {
  const { db } = context;
  const [settings, versions] = await Promise.all([readSettings(context), listVersions(db, sectionDocument(key).name)]);
  const section = await readSection(db, settings.value, key);
  let featurable: FeaturableProduct[] = [];
  if (section.key === "home") {
    const rows = await db
      .select({ id: products.id, name: products.name, category: products.category, catalogueKey: products.catalogueKey })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(asc(products.name));
    featurable = rows.map(({ id, name, category }) => ({ id, name, category }));
    const home = section.value;
    const asIds = home.featured.products.flatMap((ref) => {
      const id = featuredProductId(ref) ?? rows.find((row) => row.catalogueKey === ref)?.id;
      return id === undefined ? [] : [String(id)];
    });
    section.value = { ...home, featured: { ...home.featured, products: asIds } };
  }
  return { ...section, versions, featurable };
}

async function readSection(
  db: AppLoadContext["db"],
  settings: Settings,
  key: SectionKey,
): Promise<SectionValue & { versionId: number | null; malformed: boolean }> {
  switch (key) {
    case "home": {
      const read = await readDocument(db, HOME_CONTENT, settings);
      return { key, value: read.value, versionId: read.versionId, malformed: read.malformed };
    }
    case "reviews": {
      const read = await readDocument(db, REVIEWS_CONTENT, settings);
      return { key, value: read.value, versionId: read.versionId, malformed: read.malformed };
    }
    case "faq": {
      const read = await readDocument(db, FAQ_CONTENT, settings);
      return { key, value: read.value, versionId: read.versionId, malformed: read.malformed };
    }
    case "about": {
      const read = await readDocument(db, ABOUT_CONTENT, settings);
      return { key, value: read.value, versionId: read.versionId, malformed: read.malformed };
    }
    case "policies": {
      const read = await readDocument(db, POLICIES_CONTENT, settings);
      return { key, value: read.value, versionId: read.versionId, malformed: read.malformed };
    }
  }
}

const RestoreSchema = z.object({ intent: z.literal("restore"), version: z.coerce.number().int().positive() });
const BasedOnSchema = z.object({ basedOn: z.coerce.number().int().positive().optional() });

const CHANGED_MEANWHILE =
  "This section was saved elsewhere (another tab, or a restore) after you opened it, so nothing was saved. Open it again to see the newest version, then make your change.";

/**
 * Saves a section (the whole document, checked by its schema; list buttons answer with the form
 * changed, without saving) or restores one of its versions. Refused input gets the field messages
 * and writes nothing.
 */
export async function storefrontSectionAction(context: AppLoadContext, key: SectionKey, formData: FormData) {
  const { db } = context;
  const document = sectionDocument(key);
  const here = `${STOREFRONT_PATH}/${key}`;
  if (formData.get("intent") === "restore") {
    const restore = parseWithZod(formData, { schema: RestoreSchema });
    if (restore.status !== "success") throw data({ message: "Choose a version to restore." }, { status: 400 });
    const result = await restoreVersion(db, document, restore.value.version, (await readSettings(context)).value);
    if (!result.ok) {
      const message = result.reason === "not-found" ? "That version is no longer kept." : "That version can no longer be read.";
      throw data({ message }, { status: result.reason === "not-found" ? 404 : 422 });
    }
    return redirectWithToast(context, here, {
      title: `${SECTIONS[key].title}: version restored`,
      description: "The shop shows it from now on.",
    });
  }

  const submission = parseWithZod(formData, { schema: document.schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  // The form always says which version it was opened at (blank: none yet); a post without it is not checked.
  const basedOn = parseWithZod(formData, { schema: BasedOnSchema });
  const saved = await saveDocument(db, document, submission.value, {
    from: (await readSettings(context)).value,
    basedOn: formData.has("basedOn") ? (basedOn.status === "success" ? (basedOn.value.basedOn ?? null) : null) : undefined,
  });
  if (!saved.ok) return refusedReply(submission, CHANGED_MEANWHILE, 409);
  return redirectWithToast(context, here, {
    title: `${SECTIONS[key].title} saved`,
    description: "The shop shows it from now on; the version before is kept.",
  });
}
