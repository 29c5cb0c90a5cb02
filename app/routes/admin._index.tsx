import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/ui/forms";
import { readFormData } from "~/server/form-data.server";
import { ADMIN_CONFIG_MESSAGES, DEV_PASSWORD, type AdminConfigProblem } from "~/features/auth/admin-config.server";
import { checkAdminCredentials } from "~/features/auth/credentials.server";
import { adminSetupProblems, createAdminSession, getAdmin } from "~/features/auth/auth.server";
import { isLocalhost } from "~/server/cookies.server";
import { AdminAlert, useActionToast, type ActionToast } from "~/features/admin/admin-ui";
import { LeafMark } from "~/features/site/logo";
import { ADMIN_NOT_CONFIGURED_TITLE, AdminLoginSchema, LOGIN_FAILED, LOGIN_SUCCEEDED } from "~/features/auth/login-form";
import { useShopName } from "~/features/site/root-data";
import { noindexTitle } from "~/features/site/seo";
import {
  beginLoginAttempt,
  clearLoginFailures,
  forgetLoginAttempt,
  loginClient,
  throttleMessage,
} from "~/features/auth/login-throttle.server";
import { redirectWithToast } from "~/features/toast/toast.server";
import { knownDevice, trustDevice } from "~/features/auth/device-cookie.server";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Admin Sign In", matches);

/** A throttled answer tells the client when to come back. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const headers = new Headers();
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * The sign-in page is the one admin page without a session; a signed-in admin goes straight on.
 * When the admin's secrets are missing or unsafe for this host, the page says which and how to set them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const problems = adminSetupProblems(request, context.env).map((problem) => problem.message);
  if (problems.length === 0 && (await getAdmin(request, context))) throw redirect("/admin/dashboard");
  return { problems };
}

function refusal(message: string, status: number, result: SubmissionResult<string[]>, headers?: HeadersInit) {
  return data(
    { result, toast: { title: LOGIN_FAILED.title, description: message, variant: "destructive" } satisfies ActionToast },
    { status, headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const reply = (messages: string[]) => submission.reply({ formErrors: messages, hideFields: ["password"] });
  const notConfigured = (problems: readonly AdminConfigProblem[]) => {
    const messages = [ADMIN_NOT_CONFIGURED_TITLE, ...problems.map((problem) => problem.message)];
    return refusal(messages.join(" "), 503, reply(messages));
  };

  const problems = adminSetupProblems(request, context.env);
  if (problems.length > 0) return notConfigured(problems);

  const { username, password } = submission.value;
  const client = loginClient(request, context.env);
  // A browser that has signed in as this username before is limited on its own, never locked out by strangers.
  const device = await knownDevice(request, context.env, context.db, username);
  const attempt = await beginLoginAttempt(context.db, client, Date.now(), device);
  if (attempt.status === "throttled") {
    const message = throttleMessage(attempt.scope, attempt.retryAfterMs);
    return refusal(message, 429, reply([LOGIN_FAILED.description, message]), {
      "Retry-After": String(Math.ceil(attempt.retryAfterMs / 1000)),
    });
  }

  if (!(await checkAdminCredentials(context.env, username, password))) {
    // The attempt's row stays: it is this client's failure.
    return data(
      { result: reply([LOGIN_FAILED.description]), toast: { ...LOGIN_FAILED, variant: "destructive" } satisfies ActionToast },
      { status: 401 },
    );
  }
  if (!isLocalhost(request) && password === DEV_PASSWORD) {
    // The development password under a fresh salt is still the development password.
    await forgetLoginAttempt(context.db, attempt.id);
    return notConfigured([ADMIN_CONFIG_MESSAGES.devPassword]);
  }

  await clearLoginFailures(context.db, client, device);
  const headers = new Headers();
  headers.append("Set-Cookie", await createAdminSession(request, context.env, context.db, username));
  headers.append("Set-Cookie", await trustDevice(request, context.env, context.db, username, device));
  return redirectWithToast(context, "/admin/dashboard", LOGIN_SUCCEEDED, { headers });
}

export default function AdminLogin() {
  const { problems } = useLoaderData<typeof loader>();
  const shopName = useShopName();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useActionToast(actionData?.toast);

  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(AdminLoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="container-page flex justify-center py-12 sm:py-20">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="flex items-center gap-3 text-forest-800">
          <LeafMark className="h-10 w-10" />
          <div>
            <p className="eyebrow break-words">{shopName}</p>
            <h1 className="heading-display text-3xl">Admin Sign In</h1>
          </div>
        </div>
        {problems.length > 0 ? (
          <div className="mt-6">
            <AdminAlert title={ADMIN_NOT_CONFIGURED_TITLE}>
              <p>Sign-in is switched off until the shop's secrets are set:</p>
              <ul className="mt-2 list-disc space-y-2 pl-5">
                {problems.map((problem) => (
                  <li key={problem}>
                    <WithCode text={problem} />
                  </li>
                ))}
              </ul>
            </AdminAlert>
          </div>
        ) : (
          <p className="mt-3 text-sm text-ink-700">Sign in to manage products, categories and the catalogue.</p>
        )}

        <Form method="post" className="mt-6 space-y-5" hidden={problems.length > 0} {...getFormProps(form)}>
          {form.errors?.length ? (
            <AdminAlert title={LOGIN_FAILED.title}>
              <div id={form.errorId} className="space-y-1">
                {form.errors.map((error) => (
                  <p key={error}>
                    <WithCode text={error} />
                  </p>
                ))}
              </div>
            </AdminAlert>
          ) : null}
          <Field
            field={fields.username}
            label="Username"
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <Field field={fields.password} label="Password" type="password" className="input" autoComplete="current-password" />
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Signing In..." : "Sign In"}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** Text with `backticked` commands shown as code. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-white/70 px-1 py-0.5 font-mono text-xs break-all text-ink-900">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
