import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PRICE_RANGES, SEARCH_MAX_LENGTH, serializeShopQuery, sortFieldValue, sortOptions, type ShopQuery } from "~/lib/shop-filters";

/** The query-string parser (zod) is fetched when the shopper first touches the form, not with the page. */
const loadQueryParser = () => import("~/lib/shop-query");

const SEARCH_DELAY_MS = 350;

/** A native select with our own chevron, so long option labels get the room the arrow took. */
function SelectChevron({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative">
      {children}
      <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 right-2 h-4 w-4 -translate-y-1/2 text-ink-500" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

export interface FilterCategory {
  value: string;
  label: string;
}

/**
 * The shop's filters: a GET form whose values are the query string, so every view can be shared
 * and it works without JavaScript (the Apply button). With JavaScript a change applies at once
 * (typing after a short pause) and the URL leaves out the defaults.
 */
export function ShopFilters({ query, categories }: { query: ShopQuery; categories: FilterCategory[] }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();

  // Uncontrolled fields follow the URL when it changes from elsewhere (Clear Filters, back button),
  // but never overwrite what someone is typing.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = {
      search: query.search,
      category: query.category,
      price: query.price ?? "",
      sort: sortFieldValue(query),
    };
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement && field.value !== value) {
        field.value = value;
      }
    }
    for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="view"]')) radio.checked = radio.value === query.view;
  }, [query.search, query.category, query.price, query.sort, query.view]);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  /** Typing replaces the history entry (no entry per keystroke); a choice in a select pushes one. */
  async function apply(form: HTMLFormElement, replace = false) {
    clearTimeout(searchTimer.current);
    const params = new URLSearchParams();
    new FormData(form).forEach((value, key) => {
      if (typeof value === "string") params.append(key, value);
    });
    const { parseShopQuery } = await loadQueryParser();
    navigate(`/shop${serializeShopQuery(parseShopQuery(params))}`, { replace, preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/shop"
      role="search"
      aria-label="Filter products"
      className="card grid grid-cols-2 gap-x-2 gap-y-4 p-3.5 sm:gap-x-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      onFocus={() => void loadQueryParser()}
      onSubmit={(event) => {
        event.preventDefault();
        void apply(event.currentTarget);
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
      <div className="col-span-2 lg:col-span-1">
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
          className="input"
        />
      </div>
      <div>
        <label htmlFor="shop-category" className="label">
          Category
        </label>
        <SelectChevron>
          <select id="shop-category" name="category" defaultValue={query.category} className="input appearance-none pr-6! pl-3!">
            <option value="">All Categories</option>
            {categories.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
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
          <select id="shop-price" name="price" defaultValue={query.price ?? ""} className="input appearance-none pr-6! pl-3!">
            <option value="">All Prices</option>
            {PRICE_RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </select>
        </SelectChevron>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="shop-sort" className="label">
          Sort by
        </label>
        <SelectChevron>
          <select id="shop-sort" name="sort" defaultValue={sortFieldValue(query)} className="input appearance-none pr-6! pl-3!">
            {sortOptions(query.search).map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </SelectChevron>
      </div>

      <fieldset className="lg:col-span-2">
        <legend className="label">View</legend>
        <div className="inline-flex rounded-full border border-forest-800/20 bg-white p-1">
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
      <div className="flex items-end justify-end lg:col-span-2">
        {query.showInactive ? <input type="hidden" name="inactive" value="show" /> : null}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Apply Filters
        </button>
      </div>
    </Form>
  );
}
