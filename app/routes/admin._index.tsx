import { readFormData } from "~/form-data.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { checkAdminCredentials } from "~/admin-login.server";
import { createAdminSessionCookie, getAdmin } from "~/auth.server";
import { AdminAlert, useActionToast, type ActionToast } from "~/components/admin-ui";
import { LeafMark } from "~/components/logo";
import { AdminLoginSchema, LOGIN_FAILED, LOGIN_SUCCEEDED } from "~/lib/admin-login";
import { SITE } from "~/lib/site";
import { clearLoginFailures, loginClient, loginRetryAfterMs, recordLoginFailure, throttleMessage } from "~/login-throttle.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `Admin Sign In | ${SITE.name}` }, { name: "robots", content: "noindex" }];

/** A throttled answer tells the client when to come back. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const headers = new Headers();
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** The sign-in page is the one admin page without a session; a signed-in admin goes straight on. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAdmin(request, context.env)) throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }

  const client = loginClient(request);
  const retryAfterMs = await loginRetryAfterMs(context.db, client);
  if (retryAfterMs > 0) {
    const message = throttleMessage(retryAfterMs);
    return data(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
        toast: { title: LOGIN_FAILED.title, description: message, variant: "destructive" } satisfies ActionToast,
      },
      { status: 429, headers: { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) } },
    );
  }

  const { username, password } = submission.value;
  if (!(await checkAdminCredentials(context.env, username, password))) {
    await recordLoginFailure(context.db, client);
    return data(
      {
        result: submission.reply({ formErrors: [LOGIN_FAILED.description], hideFields: ["password"] }),
        toast: { ...LOGIN_FAILED, variant: "destructive" } satisfies ActionToast,
      },
      { status: 401 },
    );
  }

  await clearLoginFailures(context.db, client);
  return redirectWithToast("/admin/dashboard", LOGIN_SUCCEEDED, {
    headers: { "Set-Cookie": await createAdminSessionCookie(request, context.env, username) },
  });
}

export default function AdminLogin() {
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
            <p className="eyebrow">{SITE.name}</p>
            <h1 className="heading-display text-3xl">Admin Sign In</h1>
          </div>
        </div>
        <p className="mt-3 text-sm text-ink-700">Sign in to manage products, categories and the catalogue.</p>

        <Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
          {form.errors?.length ? (
            <AdminAlert title={LOGIN_FAILED.title}>
              <p id={form.errorId}>{form.errors.join(" ")}</p>
            </AdminAlert>
          ) : null}
          <div>
            <label htmlFor={fields.username.id} className="label">
              Username
            </label>
            <input
              {...getInputProps(fields.username, { type: "text" })}
              className="input"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            {fields.username.errors ? (
              <p id={fields.username.errorId} className="field-error">
                {fields.username.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={fields.password.id} className="label">
              Password
            </label>
            <input {...getInputProps(fields.password, { type: "password" })} className="input" autoComplete="current-password" />
            {fields.password.errors ? (
              <p id={fields.password.errorId} className="field-error">
                {fields.password.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Signing In..." : "Sign In"}
          </button>
        </Form>
      </div>
    </div>
  );
}
