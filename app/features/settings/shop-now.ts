import type { Settings } from "./settings";
import { endOfDate, hoursPhrase, openLine, shopStatus, weekLines, type OpenLine } from "./shop-hours";

/**
 * What every shop page says about the shop at one instant, from its settings: the open/closed line,
 * the announcement while it runs, the week's hours and the business identity — plain strings, so the
 * shopper's pages render them on the server and carry no code for them. `changesAt` is the next
 * instant any of it changes (an opening, a closing, the announcement's end): a shared copy of a page
 * is never served past it (docs/decisions/039).
 */
export interface ShopNow {
  telegramUsername: string;
  openLine: OpenLine;
  announcement: string | null;
  weekLines: string[];
  /** the week's hours inside a sentence: "every day, 9:00 AM – 11:00 PM" */
  hoursPhrase: string;
  identity: Settings["identity"];
  changesAt: number | null;
}

export function shopNow(settings: Settings, now: Date): ShopNow {
  const status = shopStatus(settings.hours, now);
  const { text, until } = settings.announcement;
  const announcementEnds = until ? endOfDate(until, settings.hours.timeZone) : null;
  const announcing = text.length > 0 && (announcementEnds === null || announcementEnds > now.getTime());
  const changes = [status.changesAt, announcing ? announcementEnds : null].filter((at): at is number => at !== null);
  return {
    telegramUsername: settings.telegramUsername,
    openLine: openLine(status),
    announcement: announcing ? text : null,
    weekLines: weekLines(settings.hours),
    hoursPhrase: hoursPhrase(settings.hours),
    identity: settings.identity,
    changesAt: changes.length > 0 ? Math.min(...changes) : null,
  };
}
