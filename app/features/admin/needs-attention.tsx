import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { CheckIcon, SmallLineIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";
import { Field } from "~/ui/forms";
import { countOf } from "~/ui/words";
import { LowStockLevelSchema } from "~/features/catalogue/low-stock";
import { ATTENTION_ITEMS } from "./attention";
import type { AttentionKey } from "./product-admin.server";

/**
 * What may need the owner's eye, each a count that opens Product Management filtered to
 * exactly those products. A count of 0 is a calm, muted line with a check, not a link.
 */
export function NeedsAttention({
  counts,
  lowStockLevel,
  lastResult,
  saveError,
}: {
  counts: Record<AttentionKey, number>;
  lowStockLevel: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saveError: string | null | undefined;
}) {
  return (
    <HeadedSection
      id="attention-heading"
      className="card mb-8 p-5"
      headingClassName="text-lg font-semibold text-forest-900"
      title="Needs attention"
    >
      <p className="mt-1 text-sm text-ink-700">Each count opens the products it counts in Product Management.</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {ATTENTION_ITEMS.map((item) => {
          const value = counts[item.key];
          // A row on a phone (label, then the count); a tile from lg on (the count on top, as in the figures above).
          const tile = "flex h-full items-center gap-3 rounded-xl px-4 py-3 lg:flex-col-reverse lg:items-stretch lg:justify-end lg:gap-1";
          const body = (
            <>
              <span className="min-w-0 flex-1 lg:flex-none">
                <span className="block font-semibold">{item.label}</span>
                <span className="mt-0.5 block text-xs text-ink-500">{item.hint}</span>
              </span>
              {value > 0 ? (
                <span className="flex items-center gap-2 lg:justify-between">
                  <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-forest-950 ring-1 ring-gold-600/25">
                    {value}
                  </span>
                  <SmallLineIcon className="h-4 w-4 shrink-0 text-ink-500 group-hover:text-forest-800">
                    <path d="m7.5 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
                  </SmallLineIcon>
                </span>
              ) : (
                <span className="flex items-center gap-1 py-0.5 text-sm tabular-nums text-ink-500">
                  <CheckIcon className="h-4 w-4 text-forest-700" />0
                </span>
              )}
            </>
          );
          return (
            <li key={item.key}>
              {value > 0 ? (
                <Link
                  to={item.href}
                  aria-label={`${item.label}: ${countOf(value, "product")}`}
                  className={`${tile} group border border-ink-900/10 text-ink-900 transition-colors hover:border-forest-800/30 hover:bg-forest-50 focus-visible:bg-forest-50`}
                >
                  {body}
                </Link>
              ) : (
                <div className={`${tile} border border-dashed border-ink-900/10 text-ink-500`}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <LowStockLevelForm level={lowStockLevel} lastResult={lastResult} saveError={saveError} />
    </HeadedSection>
  );
}

/**
 * The shop's low-stock level, under the counts it drives: a real form (works without JavaScript),
 * checked in the browser and again on the server, a refused value kept with its message.
 */
function LowStockLevelForm({
  level,
  lastResult,
  saveError,
}: {
  level: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saveError: string | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "low-stock-level",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { level: String(level) },
    constraint: getZodConstraint(LowStockLevelSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LowStockLevelSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/dashboard";
  return (
    <Form
      method="post"
      action="/admin/dashboard"
      className="mt-5 flex flex-wrap items-start gap-3 border-t border-ink-900/5 pt-4"
      {...getFormProps(form)}
    >
      <Field
        field={fields.level}
        label="Low stock level"
        hint="A size with this many units or fewer on hand counts as low stock."
        describedByHint
        wrapperClassName="min-w-0 flex-1 sm:max-w-56 sm:flex-none"
        className="input w-full"
        inputMode="numeric"
        autoComplete="off"
      />
      <button type="submit" className="btn-secondary mt-6" disabled={saving}>
        {saving ? "Saving..." : "Save level"}
      </button>
      {saveError ? (
        <p role="alert" className="field-error w-full">
          {saveError}
        </p>
      ) : null}
    </Form>
  );
}
