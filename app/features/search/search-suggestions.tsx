import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { characterCount, highlightParts, normalizeSearch, SUGGEST_MIN_CHARS, suggestionsAnnouncement, type Suggestions } from "./search";

/**
 * Suggestions as the shopper types, for a search field (the ARIA combobox pattern, list
 * autocomplete). Not part of a first visit's JavaScript: the field's shell (search-combobox.tsx)
 * loads this module on first focus or pointer, and until then the field is a plain search form
 * that works without JavaScript.
 *
 * Typing (from 2 characters, debounced) fetches GET /search?q=. When the first suggestion's name
 * holds what was typed it is highlighted, so Enter opens it ("gel" → a Gelato); otherwise nothing
 * is, and Enter searches the shop ("relax" → its results). ArrowDown / ArrowUp move (wrapping),
 * Enter opens the highlighted option, Escape closes; a polite status says how many suggestions
 * arrived. Focus never leaves the field.
 */

export interface ComboboxState {
  expanded: boolean;
  activeId?: string;
}

export interface SearchSuggestionsProps {
  input: RefObject<HTMLInputElement>;
  listId: string;
  /** Where the popup sits under the field. */
  className?: string;
  /** Tells the field's shell what to put in aria-expanded and aria-activedescendant. */
  onState: (state: ComboboxState) => void;
}

const DEBOUNCE_MS = 150;
/** Answers already fetched this visit (the server caches for a minute too). */
const answers = new Map<string, Suggestions>();

interface Option {
  id: string;
  href: string;
}

function optionsOf(suggestions: Suggestions | null, listId: string): Option[] {
  if (!suggestions) return [];
  return [
    ...suggestions.products.map((product) => ({ id: `${listId}-product-${product.id}`, href: product.href })),
    ...suggestions.categories.map((category) => ({ id: `${listId}-category-${category.href.split("/").pop()}`, href: category.href })),
    { id: `${listId}-all`, href: suggestions.searchHref },
  ];
}

/** Whether the first suggestion's name contains what was typed (the strongest match there is). */
function firstNameHoldsTerm(answer: Suggestions): boolean {
  const first = answer.products[0]?.name ?? answer.categories[0]?.name;
  return first !== undefined && highlightParts(first, answer.term).some((part) => part.match);
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-gold-100 text-forest-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function SearchSuggestions({ input, listId, className = "", onState }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");

  const options = optionsOf(suggestions, listId);
  const expanded = open && suggestions !== null;
  const latest = useRef({ options, active, expanded, suggestions });
  latest.current = { options, active, expanded, suggestions };

  const activeId = expanded ? options[active]?.id : undefined;
  useEffect(() => onState({ expanded, activeId }), [onState, expanded, activeId]);
  // Keeps the highlighted option in view when the list scrolls.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function choose(option: Option | undefined) {
    if (!option) return;
    setOpen(false);
    input.current?.blur();
    navigate(option.href);
  }
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    function show(answer: Suggestions) {
      setSuggestions(answer);
      setOpen(true);
      setActive(firstNameHoldsTerm(answer) ? 0 : -1);
      setAnnouncement(suggestionsAnnouncement(answer));
    }

    function update() {
      clearTimeout(timer);
      const { term } = normalizeSearch(field!.value);
      if (characterCount(term) < SUGGEST_MIN_CHARS) {
        request?.abort();
        setSuggestions(null);
        setOpen(false);
        setActive(-1);
        setAnnouncement("");
        return;
      }
      const known = answers.get(term);
      if (known) return show(known);
      timer = setTimeout(() => void load(term), DEBOUNCE_MS);
    }

    async function load(term: string) {
      request?.abort();
      request = new AbortController();
      try {
        const response = await fetch(`/search?${new URLSearchParams({ q: term })}`, {
          signal: request.signal,
          headers: { Accept: "application/json" },
        });
        // Without suggestions the field is still a working search form: nothing to show.
        if (!response.ok) return;
        const answer = await response.json<Suggestions>();
        answers.set(term, answer);
        if (normalizeSearch(field!.value).term === term) show(answer);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "AbortError")) console.warn("Search suggestions could not be loaded", error);
      }
    }

    function onKeyDown(event: KeyboardEvent) {
      const { options, active, expanded } = latest.current;
      const count = options.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === "ArrowDown" ? 0 : count - 1);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
      } else if (event.key === "Enter") {
        if (expanded && options[active]) {
          event.preventDefault();
          chooseRef.current(options[active]);
        }
      } else if (event.key === "Escape") {
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
      }
    }

    const onFocus = () => {
      if (latest.current.suggestions && normalizeSearch(field.value).term === latest.current.suggestions.term) setOpen(true);
    };
    const onBlur = () => setOpen(false);

    field.addEventListener("input", update);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("focus", onFocus);
    field.addEventListener("blur", onBlur);
    // Whatever was typed before this module arrived gets its suggestions now.
    if (document.activeElement === field) update();
    return () => {
      clearTimeout(timer);
      request?.abort();
      field.removeEventListener("input", update);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("focus", onFocus);
      field.removeEventListener("blur", onBlur);
    };
  }, [input]);

  const term = suggestions?.term ?? "";
  const productCount = suggestions?.products.length ?? 0;
  const optionProps = (index: number) => ({
    id: options[index]!.id,
    role: "option",
    "aria-selected": index === active,
    // Keeps focus in the field (the combobox pattern); the click opens the option.
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    onClick: () => choose(options[index]),
    className: `flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${index === active ? "bg-forest-50 ring-1 ring-forest-700/20" : "hover:bg-cream-100"}`,
  });

  return (
    <>
      <div role="status" className="sr-only">
        {announcement}
      </div>
      <div
        className={`absolute z-40 mt-2 max-h-[min(70vh,32rem)] overflow-y-auto rounded-2xl border border-ink-900/10 bg-white p-2 text-left shadow-xl ${expanded ? "" : "hidden"} ${className}`}
      >
        <div id={listId} role="listbox" aria-label="Search suggestions">
          {productCount > 0 ? (
            <div role="group" aria-label="Products">
              <p aria-hidden="true" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
                Products
              </p>
              {suggestions!.products.map((product, index) => (
                <div key={product.id} {...optionProps(index)}>
                  <img
                    src={product.image}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 shrink-0 rounded-lg bg-cream-100 object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 font-medium break-words text-ink-900">
                      <Highlighted text={product.name} query={term} />
                    </span>
                    <span className="block text-xs text-ink-700">
                      {product.price}
                      {product.strainType ? <span className="capitalize"> · {product.strainType}</span> : null}
                    </span>
                  </span>
                </div>
              ))}
            </div>
          ) : null}
          {suggestions && suggestions.categories.length > 0 ? (
            <div role="group" aria-label="Categories">
              <p aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
                Categories
              </p>
              {suggestions.categories.map((category, index) => (
                <div key={category.href} {...optionProps(productCount + index)}>
                  <span className="font-medium text-ink-900">
                    <Highlighted text={category.name} query={term} />
                  </span>
                </div>
              ))}
            </div>
          ) : null}
          {suggestions ? (
            <div {...optionProps(options.length - 1)}>
              <span className="font-semibold text-forest-800">See all results for &ldquo;{term}&rdquo;</span>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
