import { Form, Link, useNavigation } from "@remix-run/react";
import { countOf } from "~/ui/words";
import { HeadedSection } from "~/ui/headed-section";
import { TRASH_PURGE_AFTER_DAYS } from "~/features/trash/trash";
import { EDIT_LABELS, type PlanSummary } from "~/features/catalogue/catalogue-plan";
import { CATALOGUE_LOAD_TEXT } from "./catalogue-load";
import { MIGRATION_ROUTE } from "./migration";

/**
 * The confirmation before a catalogue load (decision 024): what each choice does, product by product,
 * before anything changes. Two real forms post to /admin/migration with the plan's token; the first
 * (keep my work) is the default, replacing is the explicit second choice.
 */
export function CatalogueLoadConfirm({
  keep,
  replace,
  token,
  busy,
}: {
  keep: PlanSummary;
  replace: PlanSummary;
  token: string;
  busy: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === MIGRATION_ROUTE;
  const hasOwnerWork = keep.ownerProducts.length > 0 || keep.ownerEdits.length > 0 || keep.trashed.length > 0;
  const disabled = busy || submitting;

  return (
    <div className="space-y-6">
      {busy ? (
        <p role="alert" className="rounded-2xl border border-gold-600/30 bg-gold-100 px-4 py-3 text-sm text-ink-900">
          A catalogue migration is already loading. Wait for it to finish before starting another.
        </p>
      ) : null}

      <LoadChoice
        id="load-keep-heading"
        className="card p-6 sm:p-8"
        headingClassName="font-display text-2xl text-forest-900"
        title={CATALOGUE_LOAD_TEXT.keepLabel}
        lead="Recommended. Nothing you added or changed is lost."
        plan={keep}
        token={token}
        disabled={disabled}
        clearExisting={false}
      />

      {hasOwnerWork ? (
        <LoadChoice
          id="load-replace-heading"
          className="card border border-berry-700/20 p-6 sm:p-8"
          headingClassName="font-display text-2xl text-berry-700"
          title={`Or: ${CATALOGUE_LOAD_TEXT.replaceLabel.toLowerCase()}`}
          lead={`Every catalogue product becomes exactly the catalogue's: its details, its sizes and their prices (a size you sell under the catalogue's label keeps its SKU and stock count). Your own products go to the trash, where you can restore them for ${TRASH_PURGE_AFTER_DAYS} days.`}
          plan={replace}
          token={token}
          disabled={disabled}
          clearExisting
        />
      ) : null}
    </div>
  );
}

/** One way to load: what it adds, changes and removes, and its button (keeping the owner's work offers Cancel beside it). */
function LoadChoice({
  id,
  className,
  headingClassName,
  title,
  lead,
  plan,
  token,
  disabled,
  clearExisting,
}: {
  id: string;
  className: string;
  headingClassName: string;
  title: string;
  lead: string;
  plan: PlanSummary;
  token: string;
  disabled: boolean;
  clearExisting: boolean;
}) {
  return (
    <HeadedSection id={id} className={className} headingClassName={headingClassName} title={title}>
      <p className="mt-1 text-sm text-ink-700">{lead}</p>
      <Counts plan={plan} />
      <OwnerWork plan={plan} />
      <Form method="post" action={MIGRATION_ROUTE} className={clearExisting ? "mt-6" : "mt-6 flex flex-wrap gap-3"}>
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="plan" value={token} />
        <button
          type="submit"
          name="clearExisting"
          value={String(clearExisting)}
          className={clearExisting ? "btn-danger" : "btn-gold"}
          disabled={disabled}
        >
          {clearExisting ? CATALOGUE_LOAD_TEXT.replaceLabel : CATALOGUE_LOAD_TEXT.keepLabel}
        </button>
        {clearExisting ? null : (
          <Link to="/admin/dashboard" className="btn-secondary">
            Cancel
          </Link>
        )}
      </Form>
    </HeadedSection>
  );
}

function Counts({ plan }: { plan: PlanSummary }) {
  return (
    <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
      {(
        [
          ["Added", plan.added],
          ["Updated", plan.updated],
          ["Unchanged", plan.unchanged],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-cream-100 px-4 py-3">
          <dt className="text-ink-700">{label}</dt>
          <dd className="font-display text-2xl text-forest-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OwnerWork({ plan }: { plan: PlanSummary }) {
  const keep = plan.mode === "keep";
  return (
    <div className="mt-4 space-y-4 text-sm text-ink-900">
      {plan.ownerProducts.length > 0 ? (
        <div>
          <h3 className="font-semibold">
            Your products ({countOf(plan.ownerProducts.length, "product")}): {keep ? "kept as they are" : "moved to the trash"}
          </h3>
          <NameList names={plan.ownerProducts.map((product) => ({ id: product.id, text: product.name }))} />
        </div>
      ) : null}
      {plan.ownerEdits.length > 0 ? (
        <div>
          <h3 className="font-semibold">
            Your edits to catalogue products ({countOf(plan.ownerEdits.length, "product")}):{" "}
            {keep ? "kept" : "overwritten by the catalogue"}
          </h3>
          <NameList
            names={plan.ownerEdits.map((edit) => ({
              id: edit.id,
              text: `${edit.name} — ${edit.fields.map((field) => EDIT_LABELS[field]).join(", ")}`,
            }))}
          />
        </div>
      ) : null}
      {plan.trashed.length > 0 ? (
        <div>
          <h3 className="font-semibold">
            Catalogue products you deleted ({countOf(plan.trashed.length, "product")}): {keep ? "stay in the trash" : "come back"}
          </h3>
          <NameList names={plan.trashed.map((product) => ({ id: product.id, text: product.name }))} />
        </div>
      ) : null}
    </div>
  );
}

function NameList({ names }: { names: { id: number; text: string }[] }) {
  return (
    <ul className="mt-1 max-h-64 list-disc space-y-0.5 overflow-y-auto pl-5 text-ink-700">
      {names.map((name) => (
        <li key={name.id}>{name.text}</li>
      ))}
    </ul>
  );
}
