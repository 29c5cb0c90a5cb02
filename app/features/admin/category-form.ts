import { z } from "zod";
import { slugify } from "~/features/catalogue/slug";

/** Category Management's address. */
export const CATEGORIES_PATH = "/admin/categories";

/** Category Management's name field, shared by browser and server. */
const CATEGORY_NAME_MAX = 60;
export const CATEGORY_SLUG_EMPTY =
  "Category name needs at least one letter (a-z, accents allowed) or digit: it becomes the category's web address";

export const CategoryNameSchema = z.object({
  name: z
    .string({ required_error: "Category name is required" })
    .trim()
    .min(1, "Category name is required")
    .max(CATEGORY_NAME_MAX, `Category name must be at most ${CATEGORY_NAME_MAX} characters`)
    // The name becomes the category's address (/shop/{slug}): it needs something to make one from.
    .refine((name) => name === "" || slugify(name) !== "", CATEGORY_SLUG_EMPTY),
});

/** The notices of the category screen, by a short code safe to put in a URL. */
export const CATEGORY_ERRORS = {
  "add-duplicate": { title: "Category already exists", description: "A category with this name already exists" },
  "add-failed": { title: "Failed to add category", description: "An error occurred while adding the category" },
  "rename-duplicate": { title: "Category name already exists", description: "A category with this name already exists" },
  "rename-failed": { title: "Failed to update category", description: "An error occurred while updating the category" },
  "rename-missing": { title: "Failed to update category", description: "The category no longer exists." },
  "toggle-failed": {
    title: "Failed to update category status",
    description: "An error occurred while updating the category status",
  },
  "toggle-missing": { title: "Failed to update category status", description: "The category no longer exists." },
  "delete-failed": { title: "Failed to delete category", description: "An error occurred while deleting the category" },
  "delete-missing": { title: "Failed to delete category", description: "The category no longer exists." },
  "load-failed": { title: "Failed to load categories", description: "The category list could not be read. Please try again." },
} as const;

export type CategoryErrorCode = keyof typeof CATEGORY_ERRORS;

/** A code of this table's own: `in` would also take "toString" and every other key an object inherits. */
function isCategoryErrorCode(code: string): code is CategoryErrorCode {
  return Object.hasOwn(CATEGORY_ERRORS, code);
}

export function categoryError(code: string | null | undefined) {
  return code && isCategoryErrorCode(code) ? CATEGORY_ERRORS[code] : null;
}
