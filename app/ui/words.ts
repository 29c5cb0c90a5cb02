/** "1 product", "3 products": a count with its noun, singular only for exactly one. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
