import { enabledDeliveryMethods, type Settings } from "~/features/settings/settings";

/**
 * What the storefront's default texts say about the shop, written from the owner's settings: the
 * trading name, where it delivers, and how an order reaches the shopper. A default never promises a delivery time the
 * settings do not give (docs/product.md#storefront-words).
 */
export interface DefaultWords {
  /** the trading name */
  name: string;
  /** where the shop delivers, as words in a sentence: "nationwide", or "across {service area}" */
  area: string;
  /** the service area says the whole country (or nothing) */
  nationwide: boolean;
  /**
   * shipping's estimate as words that follow the area ("in 1-3 business days", "same day");
   * "" when shipping has no estimate, null when shipping is off
   */
  shipping: string | null;
  /** in-town pickup by appointment is offered */
  pickup: boolean;
  /** the ways to receive an order the owner has switched on, by their names ("Local delivery, In-town appointment"); "" for none */
  methods: string;
}

/** A service area of one of these words (or none) is the whole country. */
const NATIONWIDE = /^(nationwide|countrywide|whole country|entire country|)$/i;

/** The service area in a sentence: "We deliver nationwide", "We deliver across Brooklyn, NY". */
export function areaWords(serviceArea: string): { area: string; nationwide: boolean } {
  const area = serviceArea.replace(/\s+/g, " ").trim().replace(/\.$/, "");
  return NATIONWIDE.test(area) ? { area: "nationwide", nationwide: true } : { area: `across ${area}`, nationwide: false };
}

/**
 * An estimate as words after the area: a duration ("1-3 business days") takes "in"; anything else
 * ("same day", "within 24 hours") reads as written, its first letter lowered unless it starts an acronym.
 */
export function estimateWords(estimate: string): string {
  const text = estimate.trim();
  if (text === "") return "";
  if (/^\d/.test(text)) return `in ${text}`;
  const [first = "", second = ""] = [...text];
  return second !== "" && second === second.toLocaleUpperCase() && second !== second.toLocaleLowerCase()
    ? text
    : `${first.toLocaleLowerCase()}${text.slice(first.length)}`;
}

export function defaultWords(settings: Settings): DefaultWords {
  const { shipping, pickup } = settings.delivery;
  const names = [...new Set(enabledDeliveryMethods(settings.delivery).map((method) => method.name))];
  return {
    name: settings.identity.tradingName,
    ...areaWords(settings.identity.serviceArea),
    shipping: shipping.enabled ? estimateWords(shipping.estimate) : null,
    pickup: pickup.enabled,
    methods: names.join(", "),
  };
}

/** " {words}" when there are words, for a sentence that reads whole without them. */
export function spaced(words: string): string {
  return words ? ` ${words}` : "";
}

/** "Ways to get your order: …." when any way is on; "" otherwise. */
export function methodsSentence({ methods }: DefaultWords): string {
  return methods ? `Ways to get your order: ${methods}.` : "";
}

/** `text` when it fits a field of `max` characters, else `shorter`: a long trading name never makes a default the form refuses. */
export function fitting(max: number, text: string, shorter: string): string {
  return text.length <= max ? text : shorter;
}
