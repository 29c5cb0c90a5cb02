import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ChevronDownIcon, CloseIcon } from "~/ui/icons";
import { changedFields, useEffectOnChange, useReadAtHydration } from "~/ui/hydration";
import { SEARCH_MAX_LENGTH } from "~/features/search/search";
import { countOf } from "~/ui/words";
import {
  clearedFilters,
  effectOptions,
  hasActiveFilters,
  optionCount,
  POTENCY_RANGES,
  PRICE_RANGES,
  STRAIN_OPTIONS,
  FILTER_SHEET_ID,
  type FacetCounts,
  type FilterCategory,
  type ShopQuery,
} from "./shop-filters";
import { serializeShopQuery, shopHref, type FilterPage } from "./shop-links";
import { sortFieldValue, sortOptions } from "./shop-sort";

/** The query-string parser (zod) is fetched when the shopper first touches the form, not with the page. */
const loadQueryParser = () => import("./shop-query");

const SEARCH_DELAY_MS = 350;

/** A native select with our own chevron, so long option labels get the room the arrow took. */
function SelectChevron({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative">
      {children}
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 h-4 w-4 -translate-y-1/2 text-ink-500" />
    </div>
  );
}

/** One checkbox option of a multi-select, with how many products it would give. */
function CheckOption({
  name,
  value,
  label,
  count,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
}) {
  return (
    <li>
      <label className={`filter-option ${count === 0 && !checked ? "text-ink-500" : ""}`}>
        <input type="checkbox" name={name} value={value} defaultChecked={checked} className="filter-check" />
        <span className="min-w-0 flex-1">{label}</span>
        <span className="filter-count">{count}</span>
      </label>
    </li>
  );
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="filter-group">
      <legend className="filter-legend">{legend}</legend>
      <ul className="mt-1.5 space-y-0.5">{children}</ul>
    </fieldset>
  );
}

/** One filter's checkboxes, each with its count; nothing when the filter has no options. */
function CheckGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string; count: number }[];
  selected: readonly string[];
}) {
  if (options.length === 0) return null;
  return (
    <Group legend={legend}>
      {options.map((option) => (
        <CheckOption
          key={option.value}
          name={name}
          value={option.value}
          label={option.label}
          count={option.count}
          checked={selected.includes(option.value)}
        />
      ))}
    </Group>
  );
}

/**
 * The shop's filters: one GET form whose values are the query string, so every view can be shared
 * and everything works without JavaScript (the Apply Filters button). On phones it is a sheet — a
 * native popover the Filters button opens and closes without JavaScript — and on wide screens a
 * panel beside the grid. With JavaScript a change applies at once (typing after a short pause), the
 * counts follow, and the sheet's button shows how many products the choice gives.
 */
export function FilterSheet({
  page,
  query,
  facets,
  categories,
}: {
  page: FilterPage;
  query: ShopQuery;
  facets: FacetCounts;
  /** /shop's category select; category pages leave it out (the page is the category) */
  categories?: FilterCategory[];
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const sheetRef = useRef<HTMLElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  const count = (key: keyof FacetCounts["options"], value: string) => optionCount(facets, key, value);
  const effects = effectOptions(facets, query.effects);
  const potency = POTENCY_RANGES.filter((range) => count("potency", range.value) > 0 || query.potency.includes(range.value));

  // Uncontrolled fields follow the URL when it changes from elsewhere (a chip, Clear Filters, the back
  // button), but never overwrite what someone is typing — nor, on hydration, what the shopper did first.
  const queryKey = serializeShopQuery({ ...query, page: 1 });
  useEffectOnChange(() => {
    const form = formRef.current;
    if (!form) return;
    for (const element of form.elements) {
      if (element === document.activeElement) continue;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        element.checked = element.defaultChecked;
      } else if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
        const wanted =
          element.name === "search"
            ? query.search
            : element.name === "category"
              ? query.category
              : element.name === "price"
                ? (query.price ?? "")
                : element.name === "sort"
                  ? sortFieldValue(query)
                  : null;
        if (wanted !== null && element.value !== wanted) element.value = wanted;
      }
    }
  }, queryKey);

  // Boxes ticked, ranges chosen or a search typed before the sheet booted are on screen: they are
  // applied now, so the grid, the counts and 'Show N products' follow them (a search still typing
  // waits for its pause).
  useReadAtHydration(() => {
    const form = formRef.current;
    if (!form || !changedFields(form)) return;
    const search = form.elements.namedItem("search");
    if (search instanceof HTMLInputElement && search === document.activeElement && search.value !== query.search) {
      searchTimer.current = setTimeout(() => void apply(form, true), SEARCH_DELAY_MS);
    } else void apply(form);
  });

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  /** Typing replaces the history entry (no entry per keystroke); a choice pushes one. */
  async function apply(form: HTMLFormElement, replace = false) {
    clearTimeout(searchTimer.current);
    const params = new URLSearchParams();
    new FormData(form).forEach((value, key) => {
      if (typeof value === "string" && !(page.params && key in page.params)) params.append(key, value);
    });
    const { parseShopQuery } = await loadQueryParser();
    navigate(shopHref(page, { ...parseShopQuery(params), showInactive: query.showInactive }), { replace, preventScrollReset: true });
  }

  return (
    <section
      ref={sheetRef}
      id={FILTER_SHEET_ID}
      popover="auto"
      aria-labelledby="filters-title"
      className="filter-sheet"
      onFocus={() => void loadQueryParser()}
    >
      <div className="filter-sheet-head">
        <h2 id="filters-title" className="font-display text-xl text-forest-900 lg:text-lg">
          Filters
        </h2>
        <button
          type="button"
          popovertarget={FILTER_SHEET_ID}
          popovertargetaction="hide"
          className="filter-close lg:hidden"
          aria-label="Close filters"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
      </div>
      <Form
        ref={formRef}
        method="get"
        action={page.path}
        role="search"
        aria-label="Filter products"
        className="filter-form"
        onSubmit={(event) => {
          event.preventDefault();
          void apply(event.currentTarget);
          // A browser without the Popover API has no hidePopover; the sheet is then a plain panel.
          const sheet: { hidePopover?: () => void } | null = sheetRef.current;
          sheet?.hidePopover?.();
        }}
        onChange={(event) => {
          const form = event.currentTarget;
          if (event.target instanceof HTMLInputElement && event.target.name === "search") {
            clearTimeout(searchTimer.current);
            searchTimer.current = setTimeout(() => void apply(form, true), SEARCH_DELAY_MS);
            return;
          }
          void apply(form);
        }}
      >
        {Object.entries(page.params ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {query.showInactive ? <input type="hidden" name="inactive" value="show" /> : null}

        <div className="filter-body">
          <div>
            <label htmlFor="shop-search" className="label">
              Search
            </label>
            <input
              id="shop-search"
              type="search"
              name="search"
              defaultValue={query.search}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search products..."
              autoComplete="off"
              enterKeyHint="search"
              className="input"
            />
          </div>

          {categories ? (
            <div>
              <label htmlFor="shop-category" className="label">
                Category
              </label>
              <SelectChevron>
                <select id="shop-category" name="category" defaultValue={query.category} className="input appearance-none pr-7! pl-3!">
                  <option value="">All Categories</option>
                  {categories.map((category) => (
                    <option key={category.value} value={category.value}>
                      {`${category.label} (${count("category", category.value)})`}
                    </option>
                  ))}
                </select>
              </SelectChevron>
            </div>
          ) : null}

          <div>
            <label htmlFor="shop-sort" className="label">
              Sort by
            </label>
            <SelectChevron>
              <select id="shop-sort" name="sort" defaultValue={sortFieldValue(query)} className="input appearance-none pr-7! pl-3!">
                {sortOptions(query.search).map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </SelectChevron>
          </div>

          <div>
            <label htmlFor="shop-price" className="label">
              Price range
            </label>
            <SelectChevron>
              <select id="shop-price" name="price" defaultValue={query.price ?? ""} className="input appearance-none pr-7! pl-3!">
                <option value="">All Prices</option>
                {PRICE_RANGES.map((range) => (
                  <option key={range.value} value={range.value}>
                    {`${range.label} (${count("price", range.value)})`}
                  </option>
                ))}
              </select>
            </SelectChevron>
          </div>

          <CheckGroup
            legend="Strain type"
            name="strain"
            options={STRAIN_OPTIONS.map((option) => ({ ...option, count: count("strains", option.value) }))}
            selected={query.strains}
          />
          <CheckGroup
            legend="Potency (THC)"
            name="thc"
            options={potency.map((range) => ({ ...range, count: count("potency", range.value) }))}
            selected={query.potency}
          />
          <CheckGroup legend="Effects" name="effect" options={effects} selected={query.effects} />

          <Group legend="Availability and deals">
            <CheckOption name="stock" value="in" label="In stock only" count={count("inStock", "in")} checked={query.inStock} />
            <CheckOption name="sale" value="1" label="On sale" count={count("onSale", "1")} checked={query.onSale} />
          </Group>

          <fieldset className="filter-group">
            <legend className="filter-legend">View</legend>
            <div className="mt-1.5 inline-flex rounded-full border border-forest-800/20 bg-white p-1">
              {(["grid", "list"] as const).map((view) => (
                <label
                  key={view}
                  className="relative cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold text-forest-800 has-checked:bg-forest-800 has-checked:text-cream-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-500"
                >
                  <input
                    type="radio"
                    name="view"
                    value={view}
                    defaultChecked={query.view === view}
                    className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
                  />
                  {view === "grid" ? "Grid" : "List"}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <div className={`filter-foot ${hydrated ? "lg:hidden" : ""}`}>
          {hasActiveFilters(query) ? (
            <Link to={shopHref(page, clearedFilters(query))} preventScrollReset className="btn-secondary flex-1 lg:hidden">
              Clear Filters
            </Link>
          ) : null}
          <button type="submit" className="btn-primary flex-1">
            {hydrated ? `Show ${countOf(facets.total, "product")}` : "Apply Filters"}
          </button>
        </div>
      </Form>
    </section>
  );
}
