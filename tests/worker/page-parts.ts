/** Reading parts of a served page with HTMLRewriter, as a browser would see them (not regexes over HTML). */

/**
 * The visible text inside each element matching `selector`, whitespace collapsed, in page order. With
 * `spaced`, every tag inside counts as a space (as textOf reads a whole page), so "<p>A</p><p>B</p>" reads "A B".
 */
export async function textsOf(html: string, selector: string, { spaced = false } = {}): Promise<string[]> {
  const texts: string[] = [];
  let depth = 0;
  let current = "";
  const rewriter = new HTMLRewriter().on(selector, {
    element(element) {
      if (depth === 0) current = "";
      depth += 1;
      element.onEndTag(() => {
        depth -= 1;
        if (depth === 0) texts.push(current);
      });
    },
  });
  if (spaced) {
    rewriter.on(`${selector} *`, {
      element(element) {
        current += " ";
        if (!VOID_ELEMENTS.has(element.tagName)) {
          element.onEndTag(() => {
            current += " ";
          });
        }
      },
    });
  }
  await rewriter
    .onDocument({
      text(chunk) {
        if (depth > 0) current += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return texts.map(visibleText);
}

/** One element of a served page: its attributes (entities decoded) and its visible text, whitespace collapsed. */
export interface PageElement {
  attributes: Record<string, string>;
  text: string;
}

/**
 * Every element matching `selector` (nested matches too), in page order: for assertions about an element's
 * attributes that must not depend on their order or on the markup around them.
 */
export async function elementsOf(html: string, selector: string): Promise<PageElement[]> {
  const found: PageElement[] = [];
  const open: PageElement[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        const entry: PageElement = { attributes: attributesOf(element), text: "" };
        found.push(entry);
        if (VOID_ELEMENTS.has(element.tagName)) return;
        open.push(entry);
        element.onEndTag(() => {
          open.splice(open.indexOf(entry), 1);
        });
      },
    })
    .onDocument({
      text(chunk) {
        for (const entry of open) entry.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return found.map((entry) => ({ ...entry, text: visibleText(entry.text) }));
}

function attributesOf(element: Element): Record<string, string> {
  return Object.fromEntries(
    // HTMLRewriter's attributes are [name, value] pairs (the DOM lib's Element type says otherwise).
    Array.from(element.attributes as unknown as Iterable<[string, string]>, ([name, value]) => [name, decodeHtml(value)]),
  );
}

/** Elements without an end tag (HTMLRewriter has none to report for them). */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * Every term of the page's description lists (inside `scope`, when given) with its description's text, in
 * page order: `["Changed", "2"]`. A term with several descriptions gets them joined by a space.
 */
export async function definitionsOf(html: string, scope?: string): Promise<Array<[term: string, description: string]>> {
  const pairs: Array<[string, string]> = [];
  let current: { text: string } | null = null;
  const within = (tag: string) => (scope ? `${scope} ${tag}` : tag);
  const collect = (start: (text: string) => void) => ({
    element(element: Element) {
      const entry = { text: "" };
      current = entry;
      element.onEndTag(() => {
        start(visibleText(entry.text));
        current = null;
      });
    },
  });
  await new HTMLRewriter()
    .on(
      within("dt"),
      collect((term) => pairs.push([term, ""])),
    )
    .on(
      within("dd"),
      collect((text) => {
        const last = pairs.at(-1);
        if (last) last[1] = last[1] ? `${last[1]} ${text}` : text;
      }),
    )
    .onDocument({
      text(chunk) {
        if (current) current.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return pairs;
}

/** A form of a served page: its attributes, its named inputs' [name, value] pairs, and its buttons' text. */
export interface PageForm {
  attributes: Record<string, string>;
  fields: Array<[name: string, value: string]>;
  buttons: string[];
}

/** Every form matching `selector`, in page order, read as a browser without JavaScript would submit it. */
export async function formsOf(html: string, selector = "form"): Promise<PageForm[]> {
  const forms: Array<Omit<PageForm, "buttons"> & { buttons: { text: string }[] }> = [];
  let button: { text: string } | null = null;
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        forms.push({ attributes: attributesOf(element), fields: [], buttons: [] });
      },
    })
    .on(`${selector} input[name]`, {
      element(element) {
        forms.at(-1)?.fields.push([element.getAttribute("name") ?? "", decodeHtml(element.getAttribute("value") ?? "")]);
      },
    })
    .on(`${selector} button`, {
      element(element) {
        const entry = { text: "" };
        button = entry;
        forms.at(-1)?.buttons.push(entry);
        element.onEndTag(() => {
          button = null;
        });
      },
    })
    .onDocument({
      text(chunk) {
        if (button) button.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return forms.map((form) => ({ ...form, buttons: form.buttons.map((entry) => visibleText(entry.text)) }));
}

/** The page's <meta> tags by their property or name ("og:image", "description"), each with its content. */
export async function metaOf(html: string): Promise<Record<string, string>> {
  const tags = await elementsOf(html, "meta[content]");
  return Object.fromEntries(
    tags.flatMap(({ attributes }) => {
      const key = attributes.property ?? attributes.name;
      return key ? [[key, attributes.content ?? ""]] : [];
    }),
  );
}

/** The value of the page's first input named `name` (a hidden field's token, a plan, an upload key). */
export async function fieldValue(html: string, name: string): Promise<string | undefined> {
  return (await elementsOf(html, `input[name="${name}"]`))[0]?.attributes.value;
}

/** Where a page's `<meta http-equiv="refresh">` sends the browser (its `url=`), or undefined without one. */
export async function refreshTarget(html: string): Promise<string | undefined> {
  const content = (await elementsOf(html, 'meta[http-equiv="refresh"]'))[0]?.attributes.content;
  return content === undefined ? undefined : content.slice(content.indexOf("url=") + "url=".length);
}

/** The href of every link whose visible text is `text`, in page order. */
export async function hrefsOf(html: string, text: string): Promise<string[]> {
  return (await elementsOf(html, "a[href]")).filter((link) => link.text === text).map((link) => link.attributes.href ?? "");
}

/** Every JSON-LD script on the page, parsed. */
export async function jsonLdOf(html: string): Promise<Record<string, unknown>[]> {
  const scripts: string[] = [];
  let current: string | null = null;
  await new HTMLRewriter()
    .on('script[type="application/ld+json"]', {
      element(element) {
        current = "";
        element.onEndTag(() => {
          if (current !== null) scripts.push(current);
          current = null;
        });
      },
      text(chunk) {
        if (current !== null) current += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return scripts.map((script): Record<string, unknown> => JSON.parse(script));
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/** Text as a reader sees it: whitespace collapsed, entities decoded. */
function visibleText(text: string): string {
  return decodeHtml(text.replace(/\s+/g, " ").trim());
}

/** Undoes the escapes React writes in text and attribute values. */
export function decodeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
