/**
 * R2 media: product images and videos. Placeholder until the media issue lands.
 */

/**
 * Stores image files posted with the product form (the no-JavaScript path: file inputs named
 * `imageFiles`) and returns their public URLs in order. Refuses anything that is not a real image.
 */
export async function storeFormImages(_env: Env, _files: FormDataEntryValue[]): Promise<string[]> {
  return [];
}
