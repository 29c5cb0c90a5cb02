import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { Field, TextareaField } from "~/ui/forms";
import { readFormData } from "~/server/form-data.server";
import { invalidReply } from "~/server/action-reply.server";
import { PageErrorBoundary, PageIntro, TelegramLink } from "~/features/site/static-page";
import { notify } from "~/features/toast/toaster";
import { CONTACT_SENT_TOAST, ContactSchema, contactMessageText } from "~/features/contact/contact";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { telegramUrl } from "~/features/site/site";
import { readSettings } from "~/features/settings/settings.server";
import { randomReference } from "~/features/orders/reference";
import { QUICK_HELP } from "~/features/site/content/contact";
import { useRootData, type RootLoader } from "~/features/site/root-data";
import { HoursPhrase, OpenNow, ReplyWhenClosed } from "~/features/site/shop-status";
import { TelegramIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

/**
 * The message form posts here in a new tab (target="_blank"). Valid input answers 303 to Telegram
 * with the contact text pre-filled; invalid input answers this page with the errors (400).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return invalidReply(submission);
  }
  const { value: settings } = await readSettings(context);
  const text = contactMessageText(submission.value, { shopName: settings.identity.tradingName, reference: randomReference() });
  return redirect(telegramUrl(settings.telegramUsername, text), 303);
}

export const meta: MetaFunction<typeof action, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Contact us",
    description: `Message ${rootShopName(matches)} on Telegram or send the form: questions about a product, a bulk order or a delivery.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

function ContactForm() {
  const lastResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    // Without JavaScript the browser's own checks (required, type=email) stop an incomplete message.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    onSubmit(event) {
      // Valid: the browser posts the form to the new tab, which lands in Telegram. This tab confirms
      // and clears the form once the post has been sent.
      const formElement = event.currentTarget;
      notify(CONTACT_SENT_TOAST);
      setTimeout(() => formElement.reset(), 0);
    },
  });

  return (
    <Form
      method="post"
      reloadDocument
      target="_blank"
      {...getFormProps(form)}
      className="card space-y-5 self-start p-6 sm:p-8"
      aria-labelledby="message-heading"
    >
      <div>
        <h2 id="message-heading" className="heading-display text-2xl">
          Send us a message
        </h2>
        <p className="mt-1 text-sm text-ink-700">All fields are required.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field field={fields.name} label="Name" firstError autoComplete="name" className="input aria-invalid:border-berry-700" />
        <Field
          field={fields.email}
          label="Email"
          firstError
          type="email"
          autoComplete="email"
          className="input aria-invalid:border-berry-700"
        />
      </div>
      <Field field={fields.subject} label="Subject" firstError className="input aria-invalid:border-berry-700" />
      <TextareaField field={fields.message} label="Message" firstError rows={6} className="input resize-y aria-invalid:border-berry-700" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary shrink-0 px-6 py-3 text-base whitespace-nowrap">
          <TelegramIcon />
          Send Message
        </button>
        <p className="text-sm text-ink-700">Opens Telegram in a new tab with your message ready to send.</p>
      </div>
    </Form>
  );
}

export default function Contact() {
  const shop = useRootData()?.shop;
  return (
    <>
      <PageIntro eyebrow="Contact" title="We're here to help">
        <p>Questions about a product, a bulk order or a delivery? Message us on Telegram or send the form below.</p>
      </PageIntro>

      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <ContactForm />

        <aside className="space-y-4" aria-label="Other ways to reach us">
          <HeadedSection
            id="support-heading"
            className="rounded-2xl bg-forest-900 p-6 text-cream-50"
            headingClassName="font-display text-xl"
            title="Telegram support"
          >
            <p className="mt-2 text-sm text-cream-100" data-reply-time="">
              Message us on Telegram: we reply <HoursPhrase />.
            </p>
            <ReplyWhenClosed className="mt-2 space-y-1 text-sm text-cream-100" />
            <TelegramLink className="btn-gold mt-4">
              <TelegramIcon />
              Chat on Telegram
            </TelegramLink>
          </HeadedSection>

          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <HeadedSection id="hours-heading" className="card p-6" headingClassName="font-semibold text-ink-900" title="Business hours">
              <OpenNow className="mt-1 font-medium text-forest-900" />
              <ul className="mt-2 space-y-0.5 text-sm text-ink-700">
                {shop?.weekLines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </HeadedSection>
            <HeadedSection id="area-heading" className="card p-6" headingClassName="font-semibold text-ink-900" title="Service area">
              <p className="mt-1 text-ink-700">{shop?.identity.serviceArea || "Nationwide"}</p>
            </HeadedSection>
          </div>

          <HeadedSection id="quick-help-heading" className="card p-6" headingClassName="font-semibold text-ink-900" title="Quick help">
            <ul className="mt-3 space-y-3">
              {QUICK_HELP.map((item) => (
                <li key={item.question} className="text-sm">
                  <span className="block font-medium text-ink-900">{item.question}</span>
                  <span className="text-ink-700">{item.answer}</span>
                </li>
              ))}
            </ul>
          </HeadedSection>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
