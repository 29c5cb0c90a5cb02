/**
 * The product form's Images section: one ordered list of image URLs, the first is the cover
 * ("Required" label), the rest become extra_images. Submitted as repeated `images` fields.
 * Placeholder until the media issue lands: shows the list read-only, no upload yet.
 */
export interface ImageListFieldProps {
  /** Form field name; each URL is posted as `${name}` (repeated), in order. */
  name: string;
  defaultValue: string[];
}

export function ImageListField({ name, defaultValue }: ImageListFieldProps) {
  return (
    <ol className="space-y-2">
      {defaultValue.map((url, index) => (
        <li key={`${url}-${index}`} className="flex items-center gap-3">
          <input type="hidden" name={name} value={url} />
          <img src={url} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-cover" />
          <span className="truncate text-sm">{url}</span>
          {index === 0 ? <span className="text-xs font-semibold text-forest-800">Cover · Required</span> : null}
        </li>
      ))}
    </ol>
  );
}
