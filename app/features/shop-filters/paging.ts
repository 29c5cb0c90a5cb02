/** The shop's pages of products: their size, count, offset and the pager's numbered links. */

/**
 * Products per page on /shop and the category pages: six rows of four on a desktop, and a page a
 * phone on a slow network loads quickly (24 cards of markup and first-row images, not 48).
 */
export const PAGE_SIZE = 24;

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page kept inside 1..pageCount (an empty result still has page 1). */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pageCount(total, pageSize));
}

export function pageOffset(page: number, pageSize = PAGE_SIZE): number {
  return (page - 1) * pageSize;
}

/**
 * The numbered links of a pager: always the first and last page and the current page's
 * neighbours, with "gap" where pages are skipped. 1 … 4 5 6 … 10
 */
export function pageList(current: number, count: number): Array<number | "gap"> {
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  });
  return items;
}
