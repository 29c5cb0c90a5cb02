import { Form } from "@remix-run/react";
import { type IconProps, LineIcon, SearchIcon } from "~/ui/icons";
import { submitSearch, useSearchCombobox } from "./search-combobox";

/** →: go (a search's submit on small screens). */
function ArrowRightIcon(props: IconProps) {
  return (
    <LineIcon strokeWidth="2" {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/**
 * Home search: a GET form to /shop?search={term}, with suggestions as the shopper types once
 * JavaScript has loaded them. With JavaScript the term is trimmed and a blank or whitespace-only
 * term does nothing; without it the browser submits as is and /shop shows everything for a blank term.
 */
export function HomeSearch() {
  const { inputProps, popup } = useSearchCombobox("home-search-suggestions", "inset-x-0 top-full");

  return (
    <Form
      method="get"
      action="/shop"
      role="search"
      aria-label="Product search"
      onSubmit={submitSearch}
      className="flex min-w-0 flex-1 items-center gap-2"
    >
      <label htmlFor="home-search" className="sr-only">
        Search products
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-ink-500 sm:left-4" />
        <input
          id="home-search"
          type="search"
          name="search"
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className="input rounded-full py-3 pr-2 pl-9 sm:pr-4 sm:pl-12"
          {...inputProps}
        />
        {popup}
      </div>
      {/* An arrow on phones, so the field keeps room for its whole placeholder at 320 px. */}
      <button type="submit" className="btn-primary h-12 w-11 shrink-0 px-0 sm:w-auto sm:px-5" aria-label="Search">
        <ArrowRightIcon className="h-5 w-5 sm:hidden" />
        <span className="hidden sm:inline">Search</span>
      </button>
    </Form>
  );
}
