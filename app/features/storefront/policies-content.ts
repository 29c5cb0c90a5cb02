import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import type { Settings } from "~/features/settings/settings";
import { requiredText } from "./content-fields";
import { defaultWords, fitting, methodsSentence, spaced, type DefaultWords } from "./default-words";

const DESCRIPTION_MAX = 300;

export type { PolicySlug } from "~/features/site/policy-links";

/**
 * The policy pages (/privacy, /shipping, /returns, /terms): a title, a one-line summary (the page's
 * meta description) and the text, each the owner's. The privacy default says exactly what this
 * code keeps: the cookies it sets, and that orders and contact messages are never stored.
 */

const PolicySchema = z.object({
  title: requiredText(120),
  description: requiredText(DESCRIPTION_MAX, "Write a one-line summary"),
  body: requiredText(20_000, "Write the policy"),
});

export const PoliciesContentSchema = z.object({
  privacy: PolicySchema,
  shipping: PolicySchema,
  returns: PolicySchema,
  terms: PolicySchema,
});

export type Policy = z.infer<typeof PolicySchema>;
export type PoliciesContent = z.infer<typeof PoliciesContentSchema>;

const PRIVACY = `## What this shop keeps in your browser
The shop sets a few small cookies, only so that it works:

- cannabis-cart: the products, sizes and quantities in your cart (their numbers only), so your cart is still there when you come back.
- age-verified: that you confirmed you are 21 or older, for 30 days.
- toast: a short message such as "Added to cart", removed once it has been shown.
- last-order: for half an hour after you send an order, which products and quantities it held, so the checkout page can open Telegram again with the same order.
- adminSession, adminDevice and d1Bookmark: set only for the shop's staff when they sign in to the back office.

There are no advertising or tracking cookies and no third-party analytics.

## What the shop counts
To know what sells, the shop adds up, per day and for nobody in particular: how often each product (and size) is viewed, added to a cart, removed and ordered (with the quantities and quoted prices), how often each search term (cut at 100 characters) is searched and finds nothing, and how often a deal code or link is used. Nothing in these counts says who: no address, no cookie, no device or browser details, no web address with its query, no order, note or message text. Search engines and the shop's staff are not counted. The counts are kept for 400 days.

## What this shop does not store
- Orders: an order is a Telegram message you send us. The website keeps no copy of it, and never your name, address or phone number.
- Contact messages: the contact form opens your message in Telegram for you to send; the website does not keep it.
- Payment details: nothing is paid online.

## Telegram
What you send us on Telegram stays in that conversation, under Telegram's own privacy policy. We use it to confirm and deliver your order, and for nothing else.

## Photos
Product photos are stripped of their hidden details (such as the place and camera they were taken with) when they are uploaded.

## Questions
Ask us anything about your data on Telegram.`;

/** The shipping policy's first section: shipping's time, or the ways the owner offers. */
function deliverySection(words: DefaultWords): string {
  if (words.shipping === null) {
    const ways = methodsSentence(words) || "We agree how your order reaches you on Telegram.";
    return `## Delivery\n${ways} We arrange the time with you once we have confirmed your order on Telegram.`;
  }
  const appointment = words.pickup ? " In-town customers can also book an appointment on Telegram to pick up in person." : "";
  return `## Delivery\nWe deliver ${words.area}${spaced(words.shipping)} after we have confirmed your order with you on Telegram.${appointment}`;
}

const SHIPPING_REST = `## Packaging
Every order ships in plain, smell-proof packaging with nothing on the outside to say what is inside.

## Age check
Deliveries are for adults 21 and over. We may ask for a valid ID before handing over an order.`;

const RETURNS = `## Something wrong with your order?
Message us on Telegram within 48 hours of delivery with a photo of the item. We will make it right with a replacement or store credit.

## Changing or cancelling
You can change or cancel an order until it has been dispatched: message us on Telegram as soon as you can.

## Refunds
Nothing is paid online, so there is no card payment to refund: we agree the remedy with you on Telegram.`;

const TERMS = `## Who can order
You must be 21 or older to browse and order.

## How an order works
The cart sends your order to us as a Telegram message. An order is agreed once we confirm it with you on Telegram; the price is the one shown when you send it, and you pay on delivery.

## Availability
Products and prices can change. If something you ordered is no longer available, we tell you before delivery and you decide what to do.

## Contact
Questions about these terms: message us on Telegram.`;

function policiesDefaults(settings: Settings): PoliciesContent {
  const words = defaultWords(settings);
  const name = words.name;
  return {
    privacy: {
      title: "Privacy policy",
      description: `What ${name} keeps about you (a few cookies the shop needs) and what it never stores (your orders and messages).`,
      body: PRIVACY,
    },
    shipping: {
      title: "Shipping policy",
      description:
        words.shipping !== null
          ? fitting(
              DESCRIPTION_MAX,
              `How ${name} delivers: ${words.area}${spaced(words.shipping)}, in plain, smell-proof packaging.`,
              `How ${name} delivers${spaced(words.shipping)}, in plain, smell-proof packaging.`,
            )
          : `How ${name} gets your order to you${words.methods ? ` (${words.methods})` : ""}, in plain, smell-proof packaging.`,
      body: `${deliverySection(words)}\n\n${SHIPPING_REST}`,
    },
    returns: {
      title: "Returns and refunds",
      description: `What ${name} does when something is wrong with an order, and how to change or cancel one.`,
      body: RETURNS,
    },
    terms: {
      title: "Terms of sale",
      description: `Who can order from ${name}, how an order is agreed on Telegram and paid on delivery.`,
      body: TERMS,
    },
  };
}

export const POLICIES_CONTENT: ShopDocument<PoliciesContent, Settings> = {
  name: "storefront-policies",
  schema: PoliciesContentSchema,
  defaults: policiesDefaults,
  labels: { privacy: "Privacy", shipping: "Shipping", returns: "Returns and refunds", terms: "Terms" },
};
