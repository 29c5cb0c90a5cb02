import { useRootData } from "~/features/site/root-data";
import { HeadedSection } from "~/ui/headed-section";
import { Icon, type IconProps } from "~/ui/icons";
import { lazyNamed, suspendedBoundary } from "~/ui/lazy";
import { ShopErrorPage as ServerShopErrorPage } from "./error-page";
import { telegramUrl } from "./site";

// A page's error view is drawn on the server at once and loads in the browser only when it is shown,
// so no static page's first visit carries it.
const ShopErrorPage = import.meta.env.SSR ? ServerShopErrorPage : lazyNamed(() => import("./error-page"), "ShopErrorPage");

function StarIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 20 20" fill="currentColor" {...props}>
      <path d="M10 1.8l2.5 5.1 5.6.8-4 3.9.9 5.6-5-2.6-5 2.6.9-5.6-4-3.9 5.6-.8z" />
    </Icon>
  );
}

/** The opening band of a static page: eyebrow, serif title, lead text. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: React.ReactNode }) {
  return (
    <header className="bg-forest-900 text-cream-50">
      <div className="container-page py-12 sm:py-16">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-cream-100">{children}</div> : null}
      </div>
    </header>
  );
}

/** The shop's Telegram account, opened in a new tab (the visible text says so to screen readers). */
export function TelegramLink({ className, children, text }: { className?: string; children: React.ReactNode; text?: string }) {
  const username = useRootData()?.telegramUsername ?? "";
  return (
    <a href={telegramUrl(username, text)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens Telegram in a new tab)</span>
    </a>
  );
}

/** The static pages' ErrorBoundary: the shop's one error page (the 404 page, or a safe message inside the layout). */
export const PageErrorBoundary = suspendedBoundary(ShopErrorPage);

/** A row of headline figures (home, reviews) under a heading for screen readers only. */
export function StatGrid({ id, title, stats }: { id: string; title: string; stats: readonly { value: string; label: string }[] }) {
  return (
    <HeadedSection id={id} headingClassName="sr-only" title={title}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="card flex flex-col-reverse items-center p-5 text-center">
            <dt className="mt-1 text-sm text-ink-700">{stat.label}</dt>
            <dd className="font-display text-3xl font-semibold text-forest-800 sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </HeadedSection>
  );
}

/** Five stars, the filled ones gold; read out as "Rated n out of 5". */
export function Stars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} className={`${className} ${star <= rounded ? "text-gold-600" : "text-ink-500/30"}`} />
      ))}
    </span>
  );
}
