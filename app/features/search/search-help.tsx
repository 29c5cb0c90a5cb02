import { Link } from "@remix-run/react";
import { categoryIcon } from "~/features/home/category-icon";
import { HomeCategoryIcon } from "~/features/home/home-category-icon";
import { HeadedSection } from "~/ui/headed-section";
import type { NoResultsHelp } from "./search";

/** The small note under a search that was cut to its first 100 characters (the text comes from the loader). */
export function SearchCutNote({ note }: { note: string }) {
  return <p className="mt-1 text-sm text-ink-500">{note}</p>;
}

/**
 * Inside the empty state of a search: product names close to what was typed (a typo, a missing
 * letter) and the popular categories, so a search that found nothing still leads somewhere.
 */
export function NoResultsSuggestions({ help }: { help: NoResultsHelp }) {
  const { closeNames, popularCategories } = help;
  if (closeNames.length === 0 && popularCategories.length === 0) return null;
  return (
    <div className="mt-8 w-full max-w-xl space-y-6 text-left">
      {closeNames.length > 0 ? (
        <HeadedSection
          id="close-names-heading"
          headingClassName="text-sm font-semibold tracking-wide text-ink-700 uppercase"
          title="Did you mean"
        >
          <ul className="mt-3 divide-y divide-ink-900/5 rounded-2xl border border-ink-900/10 bg-white">
            {closeNames.map((product) => (
              <li key={product.id}>
                <Link
                  to={product.path}
                  className="flex items-center justify-between gap-3 px-4 py-3 font-medium text-forest-900 hover:bg-forest-50"
                >
                  <span className="min-w-0 break-words">{product.name}</span>
                  <span aria-hidden="true" className="text-forest-700">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}
      {popularCategories.length > 0 ? (
        <HeadedSection
          id="popular-categories-heading"
          headingClassName="text-sm font-semibold tracking-wide text-ink-700 uppercase"
          title="Popular categories"
        >
          <ul className="mt-3 flex flex-wrap gap-2">
            {popularCategories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/shop/${category.slug}`}
                  className="inline-flex items-center gap-2 rounded-full border border-forest-800/15 bg-white px-4 py-2 text-sm font-semibold text-forest-800 hover:bg-forest-50"
                >
                  <HomeCategoryIcon icon={categoryIcon(category.name)} className="h-5 w-5" />
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}
    </div>
  );
}
