import { useCallback, useRef, useState, type ComponentType, type FormEvent } from "react";
import { useReadAtHydration } from "~/ui/hydration";
import type { ComboboxState, SearchSuggestionsProps } from "./search-suggestions";

/**
 * What a search field carries on every page: a plain GET form to /shop?search=… (works without
 * JavaScript) and this hook, which loads the suggestions (search-suggestions.tsx) on the field's
 * first focus or pointer and then makes the field an ARIA combobox. Kept small: it is part of
 * every first visit.
 */

const loadSuggestions = () => import("./search-suggestions");

export function useSearchCombobox(listId: string, popupClassName?: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const [state, setState] = useState<ComboboxState>({ expanded: false });
  const enhance = useCallback(() => {
    void loadSuggestions().then((module) => setSuggestions(() => module.SearchSuggestions));
  }, []);
  // A field focused (and typed in) before the page booted had its first focus then: enhance it now.
  // The text itself is the field's own (uncontrolled), so it stays; the suggestions read it.
  useReadAtHydration(() => {
    if (inputRef.current && document.activeElement === inputRef.current) enhance();
  });

  const combobox = Suggestions
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": state.expanded,
        "aria-controls": listId,
        "aria-activedescendant": state.activeId,
      }
    : {};
  return {
    inputProps: { ref: inputRef, onFocus: enhance, onPointerEnter: enhance, ...combobox },
    popup: Suggestions ? <Suggestions input={inputRef} listId={listId} className={popupClassName} onState={setState} /> : null,
  };
}

/** A search form's submit: the term is trimmed; an empty or whitespace-only term does nothing. */
export function submitSearch(event: FormEvent<HTMLFormElement>) {
  const input = event.currentTarget.elements.namedItem("search");
  if (!(input instanceof HTMLInputElement)) return;
  const term = input.value.trim();
  if (!term) {
    event.preventDefault();
    input.value = "";
    input.focus();
    return;
  }
  input.value = term;
}
