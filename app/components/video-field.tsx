/**
 * The product form's Product Video section: holds the video URL (or nothing) as field `name`.
 * Placeholder until the media issue lands: a hidden input only.
 */
export interface VideoFieldProps {
  name: string;
  defaultValue: string | null;
}

export function VideoField({ name, defaultValue }: VideoFieldProps) {
  return (
    <div>
      <input type="hidden" name={name} value={defaultValue ?? ""} />
      {defaultValue ? <video src={defaultValue} controls className="w-full max-w-md rounded-xl" /> : <p className="text-sm text-ink-500">No video.</p>}
    </div>
  );
}
