/** Reading parts of a served page with HTMLRewriter, as a browser would see them (not regexes over HTML). */

/** The visible text inside each element matching `selector`, whitespace collapsed, in page order. */
export async function textsOf(html: string, selector: string): Promise<string[]> {
  const texts: string[] = [];
  let depth = 0;
  let current = "";
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        if (depth === 0) current = "";
        depth += 1;
        element.onEndTag(() => {
          depth -= 1;
          if (depth === 0) texts.push(current.replace(/\s+/g, " ").trim());
        });
      },
    })
    .onDocument({
      text(chunk) {
        if (depth > 0) current += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return texts.map(decode);
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

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
