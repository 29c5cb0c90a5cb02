import { useNonce } from "./nonce";
import { useRootData } from "./root-data";

/**
 * What the shop says about itself now, from the owner's settings: rendered on the server from the
 * root data's strings (no code of its own in the shopper's bundle). A shared copy of a page is never
 * served past the next opening or closing (docs/decisions/039), so the line is true when it is read.
 */

/** "Open now · until 11:00 PM" with a green dot, or "Closed now · opens Monday 9:00 AM" with a grey one. */
export function OpenNow({ className = "" }: { className?: string }) {
  const line = useRootData()?.shop.openLine;
  if (!line) return null;
  return (
    <p className={`inline-flex items-center gap-2 ${className}`} data-open-line={line.open ? "open" : "closed"}>
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${line.open ? "bg-sage-300" : "bg-gold-500"}`} />
      <span>{line.text}</span>
    </p>
  );
}

/** While closed: when an order or message sent now gets its reply (and a closure's note). */
export function ReplyWhenClosed({ className = "" }: { className?: string }) {
  const line = useRootData()?.shop.openLine;
  if (!line || line.open) return null;
  return (
    <div className={className} role="note">
      {line.note ? <p className="font-medium">{line.note}</p> : null}
      <p>{line.reply}</p>
    </div>
  );
}

/** The band above the shop's header: the owner's announcement (while it runs) and the open/closed line. */
export function ShopStatusBar() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <div className="bg-forest-950 text-xs text-cream-100 sm:text-sm">
      <div className="container-page flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        {shop.announcement ? (
          <p className="min-w-0 font-medium break-words text-cream-50" data-announcement="">
            {shop.announcement}
          </p>
        ) : null}
        <OpenNow className="shrink-0 sm:ml-auto" />
      </div>
    </div>
  );
}

/** The shop's Store JSON-LD on the pages that carry it (home, /contact): built on the server from the settings. */
export function StoreJsonLd() {
  const nonce = useNonce();
  const script = useRootData()?.storeJsonLd;
  if (!script) return null;
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The week's hours inside a sentence, from the owner's settings ("every day, 9:00 AM – 11:00 PM"). */
export function HoursPhrase() {
  return <>{useRootData()?.shop.hoursPhrase}</>;
}
