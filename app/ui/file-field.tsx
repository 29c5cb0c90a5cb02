import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

/*
 * The file pickers of the back office. Not in forms.tsx: that module is in every shop page's shell
 * chunk (the contact and filter forms), and this is admin-only.
 */
/** The look of every file picker: the button part in the brand's green. */
export const FILE_INPUT_CLASS =
  "block w-full cursor-pointer rounded-xl text-sm text-ink-700 file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-forest-800 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-cream-50 hover:file:bg-forest-700 disabled:cursor-not-allowed disabled:opacity-60";

/** A labelled file input with its hint under it (the lab report and video pickers; a plain form field or a picker that uploads at once). */
export function FileField({
  label,
  hint,
  inputRef,
  ...props
}: { label: string; hint: ReactNode; inputRef?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const inputId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <input ref={inputRef} id={inputId} type="file" aria-describedby={hintId} className={FILE_INPUT_CLASS} {...props} />
      <p id={hintId} className="mt-1 text-xs text-ink-500">
        {hint}
      </p>
    </>
  );
}
