import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { CheckboxField, Field, FieldError, SelectField, TextareaField } from "~/ui/forms";
import type { VersionSummary } from "~/features/shop-documents/shop-document";
import { ANNOUNCEMENT_MAX, WEEKDAYS } from "./settings";
import { BLANK_ROWS, SETTINGS_SECTIONS, type settingsFormValues, type SettingsSection } from "./settings-form";

/**
 * The owner's settings screen: four forms (each a real <Form> that works without JavaScript, each
 * saving its part as a new version) and the versions list with Restore. A refused save answers
 * with its messages beside the fields and what was typed still in them.
 */

type Values = ReturnType<typeof settingsFormValues>;
export interface SettingsScreenProps {
  values: Values;
  versionId: number | null;
  timeZones: string[];
  /** the form that was just refused, and its answer */
  refused: { section: SettingsSection; result: SubmissionResult<string[]> } | null;
}

const INPUT = "input aria-invalid:border-berry-700";

function resultFor(section: SettingsSection, refused: SettingsScreenProps["refused"]) {
  return refused?.section === section ? refused.result : undefined;
}

function FormShell({
  id,
  title,
  description,
  section,
  versionId,
  form,
  children,
}: {
  id: string;
  title: string;
  description: string;
  section: SettingsSection;
  versionId: number | null;
  form: { props: ReturnType<typeof getFormProps>; errorId: string; errors: string[] | undefined };
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === section;
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-forest-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{description}</p>
      <Form method="post" {...form.props} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value={section} />
        <input type="hidden" name="basedOn" value={versionId ?? ""} />
        {form.errors?.length ? (
          <div id={form.errorId} role="alert" className="rounded-xl border border-berry-700/30 bg-berry-50 p-3 text-sm text-berry-700">
            {form.errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        ) : null}
        {children}
        <div className="flex justify-end border-t border-ink-900/5 pt-4">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving…" : `Save ${title.toLowerCase()}`}
          </button>
        </div>
      </Form>
    </section>
  );
}

function OrderingForm({ values, versionId, refused }: SettingsScreenProps) {
  const [form, fields] = useForm({
    id: "settings-ordering",
    lastResult: resultFor("ordering", refused),
    defaultValue: values.ordering,
    shouldValidate: "onSubmit",
  });
  const identity = fields.identity.getFieldset();
  return (
    <FormShell
      id="ordering"
      title="Ordering account and business"
      description="Where orders and messages go, and who the shop is."
      section="ordering"
      versionId={versionId}
      form={{ props: getFormProps(form), errorId: form.errorId, errors: form.errors }}
    >
      <Field
        field={fields.telegramUsername}
        label="Telegram username"
        required
        className={INPUT}
        autoComplete="off"
        spellCheck={false}
        describedByHint
        hint="Every order and contact message opens a chat with this account. Telegram fills in the order's text only in a private chat with a regular user account: not a bot, a group or a channel — switch orders to one of those and shoppers' orders arrive empty. 5–32 letters, digits or underscores, not starting with a digit."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field={identity.tradingName} label="Trading name" required className={INPUT} />
        <Field field={identity.licence} label="Licence number" hint="Optional: shown in the footer." className={INPUT} />
        <Field field={identity.email} label="Contact email" type="email" hint="Optional." className={INPUT} />
        <Field field={identity.serviceArea} label="Service area" hint="For example: Nationwide, or Greater Denver." className={INPUT} />
        <Field
          field={identity.tagline}
          label="Tagline"
          hint="One line under your name in every page's footer. Optional."
          className={INPUT}
        />
      </div>
    </FormShell>
  );
}

function HoursForm({ values, versionId, refused, timeZones }: SettingsScreenProps) {
  const [form, fields] = useForm({
    id: "settings-hours",
    lastResult: resultFor("hours", refused),
    defaultValue: { ...values.hours, closures: [...values.hours.closures, ...blankRows({ from: "", to: "", note: "" })] },
    shouldValidate: "onSubmit",
  });
  const week = fields.week.getFieldList();
  const closures = fields.closures.getFieldList();
  return (
    <FormShell
      id="hours"
      title="Hours"
      description="Shoppers see 'Open now' or 'Closed now' from these, in the shop's time zone. Orders can still be sent while closed."
      section="hours"
      versionId={versionId}
      form={{ props: getFormProps(form), errorId: form.errorId, errors: form.errors }}
    >
      <SelectField field={fields.timeZone} label="Time zone" required className={`${INPUT} sm:max-w-sm`}>
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, " ")}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="label">Opening hours</legend>
        <p className="mt-1 text-xs text-ink-500">A closing time earlier than the opening time closes after midnight.</p>
        <FieldError field={fields.week} />
        <ul className="mt-3 divide-y divide-ink-900/5 rounded-xl border border-ink-900/10">
          {week.map((dayField, index) => {
            const day = dayField.getFieldset();
            const name = WEEKDAYS[index] ?? `Day ${index + 1}`;
            return (
              <li key={dayField.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 p-3 sm:grid-cols-[10rem_1fr_1fr]">
                <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
                  <input {...getInputProps(day.open, { type: "checkbox" })} className="h-5 w-5 rounded accent-forest-800" />
                  {name}
                </label>
                <TimeInput field={day.opens} label={`${name} opens`} />
                <TimeInput field={day.closes} label={`${name} closes`} className="col-start-2 sm:col-start-auto" />
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="label">Closures</legend>
        <p className="mt-1 text-xs text-ink-500">
          Days the shop is closed, with an optional note shoppers see (for example 'Closed 24–26 Dec — back on the 27th'). Clear a row to
          remove it.
        </p>
        <FieldError field={fields.closures} />
        <ul className="mt-3 space-y-3">
          {closures.map((closureField, index) => {
            const closure = closureField.getFieldset();
            return (
              <li key={closureField.key} className="grid gap-3 rounded-xl border border-ink-900/10 p-3 sm:grid-cols-[10rem_10rem_1fr]">
                <Field field={closure.from} label={`Closure ${index + 1}: first day`} type="date" className={INPUT} />
                <Field field={closure.to} label="Last day" type="date" className={INPUT} />
                <Field field={closure.note} label="Note" maxLength={140} className={INPUT} />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </FormShell>
  );
}

function TimeInput({ field, label, className = "" }: { field: FieldMetadata<string>; label: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <input {...getInputProps(field, { type: "time" })} className={`${INPUT} w-full`} />
      <FieldError field={field} />
    </div>
  );
}

function AnnouncementForm({ values, versionId, refused }: SettingsScreenProps) {
  const [form, fields] = useForm({
    id: "settings-announcement",
    lastResult: resultFor("announcement", refused),
    defaultValue: values.announcement,
    shouldValidate: "onSubmit",
  });
  return (
    <FormShell
      id="announcement"
      title="Announcement"
      description="One short line shown at the top of every shop page. Leave it empty to show none."
      section="announcement"
      versionId={versionId}
      form={{ props: getFormProps(form), errorId: form.errorId, errors: form.errors }}
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <Field
          field={fields.text}
          label="Announcement"
          maxLength={ANNOUNCEMENT_MAX}
          hint={`Plain text, at most ${ANNOUNCEMENT_MAX} characters.`}
          className={INPUT}
        />
        <Field field={fields.until} label="Show until" type="date" hint="Optional: the last day it shows." className={INPUT} />
      </div>
    </FormShell>
  );
}

function DeliveryForm({ values, versionId, refused }: SettingsScreenProps) {
  const [form, fields] = useForm({
    id: "settings-delivery",
    lastResult: resultFor("delivery", refused),
    defaultValue: {
      ...values.delivery,
      local: {
        ...values.delivery.local,
        zones: [...values.delivery.local.zones, ...blankRows({ name: "", fee: "", minimum: "", estimate: "" })],
      },
    },
    shouldValidate: "onSubmit",
  });
  const shipping = fields.shipping.getFieldset();
  const local = fields.local.getFieldset();
  const pickup = fields.pickup.getFieldset();
  const zones = local.zones.getFieldList();
  return (
    <FormShell
      id="delivery"
      title="Delivery and payment"
      description="The ways a shopper can receive an order, the minimum order and how they pay on delivery."
      section="delivery"
      versionId={versionId}
      form={{ props: getFormProps(form), errorId: form.errorId, errors: form.errors }}
    >
      <fieldset className="space-y-4 rounded-xl border border-ink-900/10 p-4">
        <legend className="px-1 text-base font-semibold text-forest-900">Shipping</legend>
        <CheckboxField field={shipping.enabled} label="Offer shipping" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={shipping.name} label="Name shown to shoppers" required className={INPUT} />
          <Field field={shipping.estimate} label="Estimate" hint="For example: 1-3 business days." className={INPUT} />
          <Field field={shipping.fee} label="Fee ($)" inputMode="decimal" required className={INPUT} />
          <Field field={shipping.freeOver} label="Free over ($)" inputMode="decimal" hint="Optional." className={INPUT} />
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-ink-900/10 p-4">
        <legend className="px-1 text-base font-semibold text-forest-900">Local delivery</legend>
        <CheckboxField
          field={local.enabled}
          label="Offer local delivery"
          hint="By the zones below: a district, a town, a list of postcodes."
        />
        <Field field={local.name} label="Name shown to shoppers" required className={`${INPUT} sm:max-w-sm`} />
        <FieldError field={local.zones} />
        <ul className="space-y-3">
          {zones.map((zoneField, index) => {
            const zone = zoneField.getFieldset();
            return (
              <li key={zoneField.key} className="grid gap-3 rounded-xl bg-cream-50 p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_2fr]">
                <Field field={zone.name} label={`Zone ${index + 1}: name`} className={INPUT} />
                <Field field={zone.fee} label="Fee ($)" inputMode="decimal" className={INPUT} />
                <Field field={zone.minimum} label="Minimum ($)" inputMode="decimal" hint="Blank: the shop's." className={INPUT} />
                <Field field={zone.estimate} label="Estimate" className={INPUT} />
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-ink-500">Clear a zone's row to remove it; save to get more empty rows.</p>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-ink-900/10 p-4">
        <legend className="px-1 text-base font-semibold text-forest-900">Pickup / meet-up</legend>
        <CheckboxField field={pickup.enabled} label="Offer pickup or meet-up" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field field={pickup.name} label="Name shown to shoppers" required className={INPUT} />
          <Field field={pickup.instruction} label="Instruction" className={INPUT} />
        </div>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          field={fields.minimumOrder}
          label="Minimum order ($)"
          inputMode="decimal"
          required
          hint="0 for none. A zone's own minimum replaces it."
          className={INPUT}
        />
        <TextareaField
          field={fields.paymentMethods}
          label="Payment at delivery"
          required
          rows={4}
          hint="One way to pay per line (for example Cash, Card on delivery). At least one."
          className={`${INPUT} resize-y`}
        />
      </div>
    </FormShell>
  );
}

function blankRows<T>(row: T): T[] {
  return Array.from({ length: BLANK_ROWS }, () => ({ ...row }));
}

const SAVED_AT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The recent versions, newest first: when, what changed, and Restore (a real form). */
export function SettingsVersions({ versions }: { versions: VersionSummary[] }) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="versions-heading" className="card p-5 sm:p-6">
      <h2 id="versions-heading" className="text-xl font-semibold text-forest-900">
        Versions
      </h2>
      <p className="mt-1 text-sm text-ink-700">Every save keeps the one before it. Restoring a version saves it again as the newest.</p>
      {versions.length === 0 ? (
        <p className="mt-4 text-sm text-ink-700">No saves yet: the shop shows its first settings.</p>
      ) : (
        <ol className="mt-4 divide-y divide-ink-900/5">
          {versions.map((version, index) => (
            <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-ink-900">
                  <time dateTime={new Date(version.savedAt).toISOString()}>{SAVED_AT.format(version.savedAt)} UTC</time>
                  {index === 0 ? <span className="ml-2 rounded-full bg-forest-50 px-2 py-0.5 text-xs text-forest-800">Current</span> : null}
                </p>
                <p className="text-sm break-words text-ink-700">{version.summary}</p>
              </div>
              {index === 0 ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="id" value={version.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(version.id)}
                    aria-label={`Restore the version of ${SAVED_AT.format(version.savedAt)} UTC`}
                  >
                    Restore
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Rounds = Partial<Record<SettingsSection, number>>;

/**
 * How many times each form has started again from the saved values: the form whose save just went
 * through does (its text as saved, fresh blank rows, its old messages gone), and every form after a
 * restore. The other forms are left alone, so a save never wipes what the owner is typing elsewhere,
 * however late the page's reload lands. A refused save (the action answered with data) resets nothing.
 */
function useRounds(): Rounds {
  const navigation = useNavigation();
  const answer = useActionData();
  const [rounds, setRounds] = useState<Rounds>({});
  const sent = useRef<string | null>(null);
  const pending = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  useEffect(() => {
    if (typeof pending === "string") {
      sent.current = pending;
      return;
    }
    if (navigation.state !== "idle" || sent.current === null) return;
    const intent = sent.current;
    sent.current = null;
    if (answer) return;
    const fresh = SETTINGS_SECTIONS.filter((section) => intent === "restore" || intent === section);
    if (fresh.length === 0) return;
    setRounds((before) => {
      const next = { ...before };
      for (const section of fresh) next[section] = (before[section] ?? 0) + 1;
      return next;
    });
  }, [pending, navigation.state, answer]);
  return rounds;
}

export function SettingsForms(props: SettingsScreenProps) {
  const rounds = useRounds();
  return (
    <div className="space-y-6">
      <OrderingForm key={`ordering-${rounds.ordering ?? 0}`} {...props} />
      <HoursForm key={`hours-${rounds.hours ?? 0}`} {...props} />
      <AnnouncementForm key={`announcement-${rounds.announcement ?? 0}`} {...props} />
      <DeliveryForm key={`delivery-${rounds.delivery ?? 0}`} {...props} />
    </div>
  );
}
