import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/**
 * The form kit: labelled fields built on conform's field metadata. Each field renders its label
 * (`for` the control's id), the control with conform's props (id, name, default value, constraints,
 * aria-invalid and aria-describedby pointing at the error), an optional hint and the field's errors.
 * Other props go to the control; `className` is the control's class. Everything renders on the
 * server, so the forms work before and without JavaScript.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field shape: the kit reads only ids, names and errors
type Field = FieldMetadata<any, any, any>;

/** A field's errors, joined (or only the first), under the id its control's aria-describedby names. */
export function FieldError({ field, first = false }: { field: { errorId: string; errors?: string[] | undefined }; first?: boolean }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field-error">
      {first ? field.errors[0] : field.errors.join(" ")}
    </p>
  );
}

/** The red asterisk after a required field's label (read out by the control's `required`, not by this mark). */
export function RequiredMark() {
  return (
    <span className="text-berry-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

type FrameProps = {
  field: Field;
  label: ReactNode;
  /** Shows the required mark; the control's `required` comes from the schema's constraint. */
  required?: boolean;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** The hint is the control's description: it takes the field's descriptionId and the control's aria-describedby names it. */
  describedByHint?: boolean;
  /** The label's class: `label` unless told (`sr-only` for a label only screen readers need). */
  labelClassName?: string;
  /** The first error only (the contact form shows one message per field). */
  firstError?: boolean;
  /** The wrapping element's class. */
  wrapperClassName?: string;
};

function FieldFrame({
  field,
  label,
  required,
  hint,
  describedByHint,
  labelClassName = "label",
  firstError,
  wrapperClassName,
  children,
}: FrameProps & { children: ReactNode }) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={field.id} className={labelClassName}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={describedByHint ? field.descriptionId : undefined} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} first={firstError} />
    </div>
  );
}

function frameProps<Rest>({
  field,
  label,
  required,
  hint,
  describedByHint,
  labelClassName,
  firstError,
  wrapperClassName,
  ...rest
}: FrameProps & Rest): [FrameProps, Omit<Rest, keyof FrameProps>] {
  return [{ field, label, required, hint, describedByHint, labelClassName, firstError, wrapperClassName }, rest];
}

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** A labelled input (`type` text unless told). */
export function Field(props: FrameProps & { type?: Exclude<InputType, "checkbox" | "radio"> } & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, { type = "text", ...input }] = frameProps(props);
  const ariaDescribedBy = frame.describedByHint ? frame.field.descriptionId : undefined;
  return (
    <FieldFrame {...frame}>
      <input {...getInputProps(frame.field, { type, ariaDescribedBy })} {...input} />
    </FieldFrame>
  );
}

/** A labelled textarea. */
export function TextareaField(props: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [frame, textarea] = frameProps(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...getTextareaProps(frame.field)} {...textarea} />
    </FieldFrame>
  );
}

/** A labelled select; its options are the children. */
export function SelectField(props: FrameProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const [frame, select] = frameProps(props);
  return (
    <FieldFrame {...frame}>
      <select {...getSelectProps(frame.field)} {...select} />
    </FieldFrame>
  );
}

/** A checkbox with its label beside it: the label's text in bold, a hint under it, the field's errors below. */
export function CheckboxField({ field, label, hint }: { field: Field; label: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <input {...getInputProps(field, { type: "checkbox" })} className="mt-0.5 h-5 w-5 rounded border-ink-500/40 accent-forest-800" />
      <label htmlFor={field.id} className="text-sm">
        <span className="font-medium text-ink-900">{label}</span>
        {hint ? <span className="block text-ink-500">{hint}</span> : null}
      </label>
      <FieldError field={field} />
    </div>
  );
}
