/**
 * The admin Storefront's forms, one per section. Real forms: every list (badges, featured products,
 * reviews, questions, values, team) is edited with conform's list intents — named submit buttons
 * the action answers by rendering the form again with the row added, removed or moved — so they
 * work without JavaScript; with it, conform does the same in the page.
 */
import { getFormProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { POPULAR, TRENDING } from "~/features/site/content/home";
import { CheckboxField, Field, FieldError, SelectField, TextareaField } from "~/ui/forms";
import { POLICY_LINKS } from "~/features/site/policy-links";
import { AboutContentSchema } from "./about-content";
import { FaqContentSchema } from "./faq-content";
import { HomeContentSchema, MAX_FEATURED } from "./home-content";
import { PoliciesContentSchema } from "./policies-content";
import { MAX_REVIEWS, ReviewsContentSchema } from "./reviews-content";
import type { FeaturableProduct, SectionValue } from "./storefront-admin.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- list buttons work on any form's value type
type ListIntents = Pick<FormMetadata<any, string[]>, "insert" | "remove" | "reorder">;

interface FormProps {
  section: SectionValue;
  versionId: number | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  featurable: readonly FeaturableProduct[];
}

/** The section's form. */
export function StorefrontSectionForm(props: FormProps) {
  switch (props.section.key) {
    case "home":
      return <HomeForm {...props} value={props.section.value} />;
    case "reviews":
      return <ReviewsForm {...props} value={props.section.value} />;
    case "faq":
      return <FaqForm {...props} value={props.section.value} />;
    case "about":
      return <AboutForm {...props} value={props.section.value} />;
    case "policies":
      return <PoliciesForm {...props} value={props.section.value} />;
  }
}

/** conform's form for one section's schema, answered by the server with or without JavaScript. */
function useSectionForm<Schema extends z.ZodTypeAny>(
  name: string,
  schema: Schema,
  value: z.input<Schema>,
  { versionId, lastResult }: Pick<FormProps, "versionId" | "lastResult">,
) {
  const navigation = useNavigation();
  return useForm<z.input<Schema>, z.output<Schema>>({
    // A new version (a save, a restore) starts the form again from it.
    id: `storefront-${name}-${versionId ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: value,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** The form's frame: its errors on top, the version it was opened at, and Save. */
function SectionFormFrame({
  form,
  versionId,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the frame reads only the form's id and errors
  form: FormMetadata<any, string[]>;
  versionId: number | null;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "restore";
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="basedOn" value={versionId ?? ""} />
      {form.errors?.length ? (
        <div id={form.errorId} role="alert" className="rounded-2xl bg-berry-50 p-4 text-sm text-berry-700 ring-1 ring-berry-700/20">
          {form.errors.join(" ")}
        </div>
      ) : null}
      {children}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-ink-900/10 bg-cream-50/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-6">
        <button type="submit" className="btn-primary px-6" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
        <p className="text-sm text-ink-700">The shop shows it on the next visit; the version before is kept below.</p>
      </div>
    </Form>
  );
}

function Group({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="card min-w-0 space-y-4 p-4 sm:p-6">
      <legend className="float-left mb-1 w-full text-lg font-semibold text-forest-900">{title}</legend>
      {hint ? <p className="clear-both text-sm text-ink-700">{hint}</p> : null}
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

function Text({ field, label, hint, required }: { field: FieldMetadata<string>; label: string; hint?: string; required?: boolean }) {
  return <Field field={field} label={label} hint={hint} required={required} className="input" />;
}

function LongText({ field, label, hint, rows = 4 }: { field: FieldMetadata<string>; label: string; hint?: string; rows?: number }) {
  return <TextareaField field={field} label={label} hint={hint} className="input min-h-24" rows={rows} />;
}

/** Move up, Move down and Remove for a list's row (`what` names the row for screen readers). */
function RowButtons({ form, name, index, count, what }: { form: ListIntents; name: string; index: number; count: number; what: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {index > 0 ? (
        <button {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })} className="btn-secondary px-3 py-1.5 text-sm">
          Move up<span className="sr-only"> {what}</span>
        </button>
      ) : null}
      {index < count - 1 ? (
        <button {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })} className="btn-secondary px-3 py-1.5 text-sm">
          Move down<span className="sr-only"> {what}</span>
        </button>
      ) : null}
      <button {...form.remove.getButtonProps({ name, index })} className="btn-secondary px-3 py-1.5 text-sm">
        Remove<span className="sr-only"> {what}</span>
      </button>
    </div>
  );
}

function Row({ title, children, buttons }: { title: string; children: ReactNode; buttons: ReactNode }) {
  return (
    <div className="space-y-3 rounded-xl border border-cream-200 bg-cream-50/60 p-4">
      <p className="text-sm font-semibold text-ink-900">{title}</p>
      {children}
      {buttons}
    </div>
  );
}

type HomeFormValue = Extract<SectionValue, { key: "home" }>["value"];

function HomeForm({ value, versionId, lastResult, featurable }: FormProps & { value: HomeFormValue }) {
  const [form, fields] = useSectionForm("home", HomeContentSchema, value, { versionId, lastResult });
  const welcome = fields.welcome.getFieldset();
  const deal = fields.deal.getFieldset();
  const featured = fields.featured.getFieldset();
  const promise = fields.promise.getFieldset();
  const stats = fields.stats.getFieldset();
  const badges = welcome.badges.getFieldList();
  const picks = featured.products.getFieldList();
  const promises = promise.items.getFieldList();
  const figures = stats.items.getFieldList();
  const tiles = fields.tiles.getFieldset();
  const newDrops = tiles.newDrops.getFieldset();
  const appointments = fields.appointments.getFieldset();
  return (
    <SectionFormFrame form={form} versionId={versionId}>
      <Group title="Welcome banner">
        <Text field={welcome.eyebrow} label="Line above the heading" />
        <Text field={welcome.heading} label="Heading" required />
        <LongText field={welcome.text} label="Text" rows={3} />
        <Text field={welcome.buttonLabel} label="Button" required hint="The button opens the shop." />
        <fieldset className="min-w-0 space-y-3">
          <legend className="label">Badges</legend>
          {badges.length === 0 ? <p className="text-sm text-ink-500">No badges.</p> : null}
          {badges.map((badge, index) => (
            <div key={badge.key} className="flex flex-wrap items-end gap-3">
              <Field
                field={badge.getFieldset().label}
                label={`Badge ${index + 1}`}
                className="input"
                wrapperClassName="min-w-0 flex-1 basis-48"
              />
              <RowButtons form={form} name={welcome.badges.name} index={index} count={badges.length} what={`badge ${index + 1}`} />
            </div>
          ))}
          <FieldError field={welcome.badges} />
          {badges.length < 4 ? (
            <button {...form.insert.getButtonProps({ name: welcome.badges.name, defaultValue: { label: "" } })} className="btn-secondary">
              Add a badge
            </button>
          ) : null}
        </fieldset>
      </Group>

      <Group title="Deal banner">
        <Text field={deal.eyebrow} label="Line above the title" />
        <Text field={deal.title} label="Title" required />
        <Text field={deal.text} label="Text" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Text field={deal.linkLabel} label="Button" required />
          <Text field={deal.link} label="Button link" required hint="A page of this shop, such as /shop?sale=1 or /shop/edibles." />
        </div>
      </Group>

      <Group title="Category tiles" hint="The tiles' links and pictures stay; their words are yours.">
        <Row title="New drops tile (opens /shop/new-drops)" buttons={null}>
          <Text field={newDrops.eyebrow} label="Line above the title" />
          <Text field={newDrops.title} label="Title" required />
          <Text field={newDrops.text} label="Text" />
          <Text field={newDrops.linkLabel} label="Link text" required />
        </Row>
        <Text field={tiles.trendingTitle} label="Trending heading" required />
        {tiles.trending.getFieldList().map((tile, index) => {
          const row = tile.getFieldset();
          return (
            <Row key={tile.key} title={`Trending tile ${index + 1} (opens ${TRENDING[index]?.to ?? "/shop"})`} buttons={null}>
              <Text field={row.title} label="Title" required />
              <Text field={row.text} label="Text" />
            </Row>
          );
        })}
        <FieldError field={tiles.trending} />
        <Text field={tiles.popularTitle} label="Popular categories heading" required />
        <div className="grid gap-4 sm:grid-cols-2">
          {tiles.popular.getFieldList().map((tile, index) => (
            <Text
              key={tile.key}
              field={tile.getFieldset().title}
              label={`Category tile ${index + 1} (opens ${POPULAR[index]?.to ?? "/shop"})`}
              required
            />
          ))}
        </div>
        <FieldError field={tiles.popular} />
      </Group>

      <Group
        title="Featured products"
        hint="Shown with their real card: price, THC and sizes as in the shop. One that is hidden or deleted is skipped."
      >
        <Text field={featured.title} label="Heading" required />
        {picks.length === 0 ? <p className="text-sm text-ink-500">None: the block is hidden.</p> : null}
        {picks.map((pick, index) => (
          <div key={pick.key} className="flex flex-wrap items-end gap-3">
            <SelectField field={pick} label={`Featured product ${index + 1}`} className="input" wrapperClassName="min-w-0 flex-1 basis-64">
              <option value="">Choose a product</option>
              {featurable.map((product) => (
                <option key={product.id} value={String(product.id)}>
                  {product.name} ({product.category})
                </option>
              ))}
            </SelectField>
            <RowButtons
              form={form}
              name={featured.products.name}
              index={index}
              count={picks.length}
              what={`featured product ${index + 1}`}
            />
          </div>
        ))}
        <FieldError field={featured.products} />
        {picks.length < MAX_FEATURED ? (
          <button {...form.insert.getButtonProps({ name: featured.products.name, defaultValue: "" })} className="btn-secondary">
            Add a featured product
          </button>
        ) : null}
      </Group>

      <Group title="Promise band">
        <Text field={promise.eyebrow} label="Line above the heading" />
        <Text field={promise.title} label="Heading" required />
        {promises.map((item, index) => {
          const row = item.getFieldset();
          return (
            <Row
              key={item.key}
              title={`Promise ${index + 1}`}
              buttons={
                <RowButtons form={form} name={promise.items.name} index={index} count={promises.length} what={`promise ${index + 1}`} />
              }
            >
              <Text field={row.title} label="Title" required />
              <Text field={row.text} label="Text" />
            </Row>
          );
        })}
        <FieldError field={promise.items} />
        {promises.length < 8 ? (
          <button
            {...form.insert.getButtonProps({ name: promise.items.name, defaultValue: { title: "", text: "" } })}
            className="btn-secondary"
          >
            Add a promise
          </button>
        ) : null}
      </Group>

      <Group title="Stats line" hint="Your own figures (customers served, years in business…). Without figures the line is hidden.">
        <Text field={stats.title} label="Heading (read by screen readers)" required />
        {figures.map((item, index) => {
          const row = item.getFieldset();
          return (
            <Row
              key={item.key}
              title={`Figure ${index + 1}`}
              buttons={<RowButtons form={form} name={stats.items.name} index={index} count={figures.length} what={`figure ${index + 1}`} />}
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <Text field={row.value} label="Figure" required />
                <Text field={row.label} label="What it counts" required />
              </div>
            </Row>
          );
        })}
        <FieldError field={stats.items} />
        {figures.length < 6 ? (
          <button
            {...form.insert.getButtonProps({ name: stats.items.name, defaultValue: { value: "", label: "" } })}
            className="btn-secondary"
          >
            Add a figure
          </button>
        ) : null}
      </Group>

      <Group title="Testimonials" hint="The reviews you mark 'Show on the home page' in Reviews, newest first (three at most).">
        <Text field={fields.testimonialsTitle} label="Heading" required />
      </Group>

      <Group title="Appointments band" hint="Your hours from Settings follow the text.">
        <Text field={appointments.title} label="Heading" required />
        <LongText field={appointments.text} label="Text" rows={2} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Text field={appointments.buttonLabel} label="Button" required />
          <Text field={appointments.message} label="Message the button starts on Telegram" required />
        </div>
      </Group>
    </SectionFormFrame>
  );
}

type ReviewsFormValue = Extract<SectionValue, { key: "reviews" }>["value"];

const EMPTY_REVIEW = { name: "", location: "", rating: "5", date: "", text: "", product: "" };

function ReviewsForm({ value, versionId, lastResult }: FormProps & { value: ReviewsFormValue }) {
  const [form, fields] = useSectionForm("reviews", ReviewsContentSchema, value, { versionId, lastResult });
  const entries = fields.entries.getFieldList();
  return (
    <SectionFormFrame form={form} versionId={versionId}>
      <Group title="Reviews page">
        <Text field={fields.title} label="Heading" required />
        <LongText field={fields.intro} label="Introduction" rows={2} />
      </Group>
      <Group
        title={`Reviews (${entries.length})`}
        hint="The count, the average and the percentages on /reviews are computed from these. Mark 'Verified purchase' only for a review from a real order."
      >
        {entries.length === 0 ? <p className="text-sm text-ink-500">No reviews yet: the page says so.</p> : null}
        {entries.map((entry, index) => {
          const row = entry.getFieldset();
          return (
            <Row
              key={entry.key}
              title={`Review ${index + 1}`}
              buttons={
                <RowButtons form={form} name={fields.entries.name} index={index} count={entries.length} what={`review ${index + 1}`} />
              }
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <Text field={row.name} label="Name" required />
                <Text field={row.location} label="Place" />
                <SelectField field={row.rating} label="Rating" required className="input">
                  <option value="">Choose</option>
                  {[5, 4, 3, 2, 1].map((stars) => (
                    <option key={stars} value={String(stars)}>
                      {stars} {stars === 1 ? "star" : "stars"}
                    </option>
                  ))}
                </SelectField>
                <Field field={row.date} label="Date" type="date" required className="input" />
              </div>
              <LongText field={row.text} label="Review" rows={3} />
              <Text field={row.product} label="Product" />
              <div className="grid gap-3 sm:grid-cols-2">
                <CheckboxField field={row.verified} label="Verified purchase" hint="They bought what they review." />
                <CheckboxField field={row.onHome} label="Show on the home page" />
              </div>
            </Row>
          );
        })}
        <FieldError field={fields.entries} />
        {entries.length < MAX_REVIEWS ? (
          <button {...form.insert.getButtonProps({ name: fields.entries.name, defaultValue: EMPTY_REVIEW })} className="btn-secondary">
            Add a review
          </button>
        ) : null}
      </Group>
    </SectionFormFrame>
  );
}

type FaqFormValue = Extract<SectionValue, { key: "faq" }>["value"];

function FaqForm({ value, versionId, lastResult }: FormProps & { value: FaqFormValue }) {
  const [form, fields] = useSectionForm("faq", FaqContentSchema, value, { versionId, lastResult });
  const entries = fields.entries.getFieldList();
  return (
    <SectionFormFrame form={form} versionId={versionId}>
      <Group title="FAQ page">
        <Text field={fields.title} label="Heading" required />
        <LongText field={fields.intro} label="Introduction" rows={2} />
      </Group>
      <Group title={`Questions (${entries.length})`}>
        {entries.map((entry, index) => {
          const row = entry.getFieldset();
          return (
            <Row
              key={entry.key}
              title={`Question ${index + 1}`}
              buttons={
                <RowButtons form={form} name={fields.entries.name} index={index} count={entries.length} what={`question ${index + 1}`} />
              }
            >
              <Text field={row.question} label="Question" required />
              <LongText field={row.answer} label="Answer" rows={3} />
            </Row>
          );
        })}
        <FieldError field={fields.entries} />
        {entries.length < 40 ? (
          <button
            {...form.insert.getButtonProps({ name: fields.entries.name, defaultValue: { question: "", answer: "" } })}
            className="btn-secondary"
          >
            Add a question
          </button>
        ) : null}
      </Group>
    </SectionFormFrame>
  );
}

type AboutFormValue = Extract<SectionValue, { key: "about" }>["value"];

const TEXT_HINT =
  "Separate paragraphs with an empty line. A paragraph starting with '## ' is a heading; lines starting with '- ' make a list.";

function AboutForm({ value, versionId, lastResult }: FormProps & { value: AboutFormValue }) {
  const [form, fields] = useSectionForm("about", AboutContentSchema, value, { versionId, lastResult });
  const values = fields.values.getFieldList();
  const team = fields.team.getFieldList();
  return (
    <SectionFormFrame form={form} versionId={versionId}>
      <Group title="Opening">
        <Text field={fields.title} label="Heading" required />
        <LongText field={fields.intro} label="Introduction" rows={3} />
      </Group>
      <Group title="Story">
        <Text field={fields.storyTitle} label="Heading" required />
        <LongText field={fields.story} label="Story" hint={TEXT_HINT} rows={8} />
      </Group>
      <Group title="Values" hint="Without values the section is hidden.">
        <Text field={fields.valuesTitle} label="Heading" required />
        {values.map((item, index) => {
          const row = item.getFieldset();
          return (
            <Row
              key={item.key}
              title={`Value ${index + 1}`}
              buttons={<RowButtons form={form} name={fields.values.name} index={index} count={values.length} what={`value ${index + 1}`} />}
            >
              <Text field={row.title} label="Title" required />
              <Text field={row.text} label="Text" />
            </Row>
          );
        })}
        <FieldError field={fields.values} />
        {values.length < 8 ? (
          <button
            {...form.insert.getButtonProps({ name: fields.values.name, defaultValue: { title: "", text: "" } })}
            className="btn-secondary"
          >
            Add a value
          </button>
        ) : null}
      </Group>
      <Group title="Team" hint="Without people the section is hidden.">
        <Text field={fields.teamTitle} label="Heading" required />
        <Text field={fields.teamIntro} label="Introduction" />
        {team.map((item, index) => {
          const row = item.getFieldset();
          return (
            <Row
              key={item.key}
              title={`Person ${index + 1}`}
              buttons={<RowButtons form={form} name={fields.team.name} index={index} count={team.length} what={`person ${index + 1}`} />}
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <Text field={row.name} label="Name" required />
                <Text field={row.role} label="Role" />
              </div>
            </Row>
          );
        })}
        <FieldError field={fields.team} />
        {team.length < 12 ? (
          <button
            {...form.insert.getButtonProps({ name: fields.team.name, defaultValue: { name: "", role: "" } })}
            className="btn-secondary"
          >
            Add a person
          </button>
        ) : null}
      </Group>
    </SectionFormFrame>
  );
}

type PoliciesFormValue = Extract<SectionValue, { key: "policies" }>["value"];

function PoliciesForm({ value, versionId, lastResult }: FormProps & { value: PoliciesFormValue }) {
  const [form, fields] = useSectionForm("policies", PoliciesContentSchema, value, { versionId, lastResult });
  return (
    <SectionFormFrame form={form} versionId={versionId}>
      {POLICY_LINKS.map((link) => {
        const policy = fields[link.slug].getFieldset();
        return (
          <Group key={link.slug} title={`${link.label} (/${link.slug})`}>
            <Text field={policy.title} label="Title" required />
            <Text field={policy.description} label="Summary" required hint="One line under the title; search engines show it too." />
            <LongText field={policy.body} label="Text" hint={TEXT_HINT} rows={12} />
          </Group>
        );
      })}
    </SectionFormFrame>
  );
}
