import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { formMessage } from "~/server/action-reply";
import { refusedReply } from "~/server/action-reply.server";
import { readFormData } from "~/server/form-data.server";
import { isLocalhost } from "~/server/cookies.server";
import { PageErrorBoundary } from "~/features/site/static-page";
import { ageVerifiedCookie, safeRedirectPath } from "~/features/age-gate/age-gate";
import { seo, rootOrigin, rootShop, rootShopName } from "~/features/site/seo";
import type { RootLoader } from "~/features/site/root-data";

const AgeGateSchema = z.object({
  redirectTo: z.string().max(2048).optional(),
});

/**
 * "Yes, I'm 21 or older": remember it for 30 days and return to the page the visitor was on.
 * Only a local path is followed; anything else (//evil.com, https://...) returns home.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AgeGateSchema });
  if (submission.status !== "success") {
    return refusedReply(submission, "The age confirmation could not be read. Please try again.", 400);
  }
  return redirect(safeRedirectPath(submission.value.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": ageVerifiedCookie({ secure: !isLocalhost(request) }) },
  });
}

export const meta: MetaFunction<unknown, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Adults only",
    description: `${rootShopName(matches)} sells cannabis products to adults 21 and over only.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
    noindex: true,
  });

/** The polite refusal page behind the gate's "No" answer. */
export default function AgeGateRefusal() {
  const message = formMessage(useActionData<typeof action>());
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      {message ? (
        <p role="alert" className="field-error mb-6">
          {message}
        </p>
      ) : null}
      <p className="eyebrow">Adults only</p>
      <h1 className="heading-display mt-3 text-4xl">Sorry, this shop is for adults 21 and over</h1>
      <p className="mt-4 max-w-lg text-ink-700">
        Thanks for being honest. Cannabis products are only available to adults aged 21 or older, so we can&apos;t show you the shop.
      </p>
      <p className="mt-8 text-sm text-ink-700">
        Answered by mistake?{" "}
        <Link to="/" className="font-semibold text-forest-800 underline underline-offset-4">
          Go back to the age check
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
