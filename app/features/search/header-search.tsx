import { Form } from "@remix-run/react";
import type { KeyboardEvent, MouseEvent } from "react";
import { useDetailsClosedOnNavigation } from "~/ui/details-menu";
import { CloseIcon, SearchIcon } from "~/ui/icons";
import { submitSearch, useSearchCombobox } from "./search-combobox";

/** A search form of the header: GET /shop?search=… with suggestions once enhanced. */
function HeaderSearchForm({
  id,
  label,
  popupClassName,
  button = false,
}: {
  id: string;
  /** Each of the header's two search landmarks has its own name. */
  label: string;
  popupClassName: string;
  button?: boolean;
}) {
  const { inputProps, popup } = useSearchCombobox(`${id}-suggestions`, popupClassName);
  return (
    <Form method="get" action="/shop" role="search" aria-label={label} onSubmit={submitSearch} className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Search the shop
      </label>
      <div className="relative min-w-0 flex-1">
        {button ? <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-ink-500" /> : null}
        <input
          id={id}
          type="search"
          name="search"
          placeholder="Search products"
          autoComplete="off"
          enterKeyHint="search"
          className={`input rounded-full py-2 ${button ? "pl-11" : "pl-4"}`}
          {...inputProps}
        />
        {popup}
      </div>
      {/* Every form has a submit button: a labelled text one under the header, a round icon one beside the nav. */}
      {button ? (
        <button type="submit" className="btn-primary">
          Search
        </button>
      ) : (
        <button
          type="submit"
          aria-label="Submit search"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-forest-800 text-cream-50 hover:bg-forest-900"
        >
          <SearchIcon className="h-5 w-5" />
        </button>
      )}
    </Form>
  );
}

/**
 * The header's search: a field beside the nav on wide screens; on phones and tablets a Search
 * button that opens a field under the header (a <details>, so it opens without JavaScript too).
 */
export function HeaderSearch() {
  // Any navigation closes the phone field (a suggestion or a search opened a page).
  const detailsRef = useDetailsClosedOnNavigation();

  /** Opens and focuses in the same tap, so a phone shows its keyboard at once. */
  function onToggle(event: MouseEvent<HTMLElement>) {
    const details = detailsRef.current;
    if (!details || details.open) return;
    event.preventDefault();
    details.open = true;
    details.querySelector("input")?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    // Escape with no suggestions open (the combobox stops its own) closes the field.
    if (event.key !== "Escape" || !detailsRef.current?.open) return;
    detailsRef.current.open = false;
    detailsRef.current.querySelector("summary")?.focus();
  }

  return (
    <>
      <div className="hidden w-72 xl:block">
        <HeaderSearchForm id="header-search" label="Site search" popupClassName="right-0 top-full w-[26rem]" />
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape bubbles here from the search field inside to close the panel */}
      <details ref={detailsRef} className="group xl:hidden" onKeyDown={onKeyDown}>
        <summary
          className="inline-flex h-11 w-10 min-[400px]:w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
          aria-label="Search"
          onClick={onToggle}
        >
          <SearchIcon className="h-6 w-6 group-open:hidden" />
          <CloseIcon className="hidden h-6 w-6 group-open:block" />
        </summary>
        <div className="absolute inset-x-0 top-full border-b border-ink-900/10 bg-cream-50 shadow-lg">
          <div className="container-page py-3">
            <HeaderSearchForm
              id="header-search-mobile"
              label="Site search panel"
              popupClassName="left-0 top-full w-[min(calc(100vw-2rem),32rem)]"
              button
            />
          </div>
        </div>
      </details>
    </>
  );
}
