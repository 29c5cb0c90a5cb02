import { Form } from "@remix-run/react";
import { SearchIcon, submitSearch, useSearchCombobox } from "./search-combobox";

/**
 * Home search: a GET form to /shop?search={term}, with suggestions as the shopper types once
 * JavaScript has loaded them. With JavaScript the term is trimmed and a blank or whitespace-only
 * term does nothing; without it the browser submits as is and /shop shows everything for a blank term.
 */
export function HomeSearch() {
  const { inputProps, popup } = useSearchCombobox("home-search-suggestions", "inset-x-0 top-full");

  return (
    <Form method="get" action="/shop" role="search" onSubmit={submitSearch} className="flex min-w-0 flex-1 items-center gap-2">
      <label htmlFor="home-search" className="sr-only">
        Search products
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-ink-500" />
        <input
          id="home-search"
          type="search"
          name="search"
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="input rounded-full py-3 pl-12"
          {...inputProps}
        />
        {popup}
      </div>
      <button type="submit" className="btn-primary py-3">
        Search
      </button>
    </Form>
  );
}
