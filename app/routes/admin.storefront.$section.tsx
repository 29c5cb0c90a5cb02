import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { loadStorefrontSection, storefrontSectionAction } from "~/features/storefront/storefront-admin.server";
import { StorefrontSectionForm } from "~/features/storefront/storefront-forms";
import { SectionKeySchema, SECTIONS, STOREFRONT_PATH, type SectionKey } from "~/features/storefront/storefront-sections";
import { readFormData } from "~/server/form-data.server";

function sectionKey(params: LoaderFunctionArgs["params"]): SectionKey {
  const parsed = SectionKeySchema.safeParse(params.section);
  if (!parsed.success) throw data({ message: "There is no such Storefront section." }, { status: 404 });
  return parsed.data;
}

/** When a version was saved, to the minute (several saves a day are common). */
function savedAt(time: number): string {
  return `${new Date(time).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  noindexTitle(`${loaded ? SECTIONS[loaded.key].title : "Storefront"} | Storefront`, matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return loadStorefrontSection(context, sectionKey(params));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const key = sectionKey(params);
  return storefrontSectionAction(context, key, await readFormData(request));
}

export default function StorefrontSection() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const section = SECTIONS[loaded.key];
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore";

  return (
    <AdminShell>
      <AdminPageHeader title={section.title} back={{ to: STOREFRONT_PATH, label: "Back to Storefront" }}>
        <p className="mt-2 max-w-2xl text-ink-700">{section.description}</p>
        <p className="mt-1 text-sm text-ink-700">
          Shown on{" "}
          {section.pages.map((page, index) => (
            <span key={page}>
              {index > 0 ? ", " : null}
              <Link to={page} className="font-semibold text-forest-800 underline-offset-4 hover:underline">
                {page}
              </Link>
            </span>
          ))}
        </p>
      </AdminPageHeader>

      {loaded.malformed ? (
        <div className="mb-6">
          <AdminAlert title="The saved version could not be read">
            <p>The shop shows a new shop's texts for this section. Save the form, or restore an older version below.</p>
          </AdminAlert>
        </div>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <StorefrontSectionForm
          section={loaded}
          versionId={loaded.versionId}
          lastResult={actionData?.result}
          featurable={loaded.featurable}
        />

        <section aria-labelledby="versions-heading" className="card p-4 sm:p-6 lg:sticky lg:top-4">
          <h2 id="versions-heading" className="text-lg font-semibold text-forest-900">
            Versions
          </h2>
          {loaded.versions.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">
              Not saved yet: the shop shows a new shop&apos;s texts, with the name and delivery from your Settings.
            </p>
          ) : (
            <ol className="mt-3 divide-y divide-ink-900/10">
              {loaded.versions.map((version, index) => (
                <li key={version.id} className="py-3 text-sm">
                  <p className="font-medium text-ink-900">
                    <time dateTime={new Date(version.savedAt).toISOString()}>{savedAt(version.savedAt)}</time>
                    {index === 0 ? (
                      <span className="ml-2 rounded-full bg-forest-50 px-2 py-0.5 text-xs text-forest-800">Current</span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 break-words text-ink-700">{version.summary}</p>
                  {index > 0 ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="version" value={version.id} />
                      <button type="submit" className="btn-secondary px-3 py-1.5 text-sm" disabled={restoring}>
                        Restore this version
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="This Storefront section could not be shown." />;
}
