/**
 * A cart line's name as the drawer, the checkout and the notices say it: 'Runtz — 1/8 oz', or the
 * name alone for a product sold in one size. Its own module, so it travels with the cart's
 * lines (loaded with the drawer and the checkout), not with every page's shell.
 */
export function lineName(line: { name: string; sizeLabel?: string }): string {
  return line.sizeLabel ? `${line.name} — ${line.sizeLabel}` : line.name;
}
