import { Link } from "@remix-run/react";
import { ProductCard } from "~/features/product-card/product-card";
import type { ProductSummary } from "~/features/catalogue/product-summary";
import { categoryIcon } from "~/features/home/category-icon";
import { HomeCategoryIcon } from "~/features/home/home-category-icon";
import { POPULAR, TRENDING } from "~/features/site/content/home";
import { HoursPhrase } from "~/features/site/shop-status";
import type { HomeContent } from "~/features/storefront/home-content";
import type { ReviewEntry } from "~/features/storefront/reviews-content";
import { Stars, TelegramLink } from "~/features/site/static-page";
import { CheckIcon, GlyphIcon, TelegramIcon } from "~/ui/icons";

/** The home page's blocks, top to bottom; the route puts them in order. */

/** A home block named by its heading, with an optional link beside the heading. */
function HomeSection({ id, title, action, children }: { id: string; title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="heading-display text-2xl sm:text-3xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const BADGE_ICONS = [
  "M3 7l9-4 9 4v10l-9 4-9-4ZM3 7l9 4 9-4M12 11v10",
  "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1",
  "M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1z",
  "M9 3h6M10 3v6.5L5 18a2 2 0 0 0 1.8 3h10.4A2 2 0 0 0 19 18l-5-8.5V3M7.5 14h9",
] as const;

/** The opening banner: the owner's welcome, badges and Shop now. */
export function WelcomeBanner({ welcome }: { welcome: HomeContent["welcome"] }) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-forest-900 text-cream-50 shadow-lg"
    >
      <img src="/art/hero.svg" alt="" width={1200} height={600} className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70" />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-forest-950/95 via-forest-950/80 to-forest-950/30" />
      <div className="max-w-2xl px-6 py-10 sm:px-10 sm:py-16">
        {welcome.eyebrow ? <p className="eyebrow">{welcome.eyebrow}</p> : null}
        <h1 id="welcome-heading" className="mt-3 font-display text-4xl leading-tight tracking-tight break-words sm:text-5xl">
          {welcome.heading}
        </h1>
        {welcome.text ? <p className="mt-4 break-words text-cream-100 sm:text-lg">{welcome.text}</p> : null}
        {welcome.badges.length > 0 ? (
          <ul className="mt-6 flex flex-wrap gap-2">
            {welcome.badges.map((badge, index) => (
              <li
                key={index}
                className="inline-flex items-center gap-2 rounded-full bg-cream-50/10 px-3 py-1.5 text-sm font-medium ring-1 ring-cream-50/20"
              >
                <GlyphIcon className="h-4 w-4 text-gold-500" d={BADGE_ICONS[index % BADGE_ICONS.length] ?? BADGE_ICONS[0]} />
                {badge.label}
              </li>
            ))}
          </ul>
        ) : null}
        <Link to="/shop" className="btn-gold mt-8 px-6 py-3 text-base">
          {welcome.buttonLabel}
        </Link>
      </div>
    </section>
  );
}

/** New drops and the owner's deal banner, side by side from md up. */
export function DropAndDealTiles({ deal, newDrops }: { deal: HomeContent["deal"]; newDrops: HomeContent["tiles"]["newDrops"] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Link
        to="/shop/new-drops"
        className="group relative isolate flex min-h-44 overflow-hidden rounded-3xl bg-gold-100 p-6 ring-1 ring-gold-500/40 transition-shadow hover:shadow-lg sm:p-8"
      >
        <img
          src="/art/new-drops-1.svg"
          alt=""
          width={800}
          height={800}
          className="absolute top-1/2 -right-8 -z-10 h-36 w-36 -translate-y-1/2 rounded-full object-cover sm:-right-6 sm:h-56 sm:w-56"
        />
        <div className="max-w-[60%] break-words">
          {newDrops.eyebrow ? <span className="eyebrow">{newDrops.eyebrow}</span> : null}
          <p className="category-title mt-4 text-3xl text-forest-950">{newDrops.title}</p>
          {newDrops.text ? <p className="mt-2 text-sm text-ink-700">{newDrops.text}</p> : null}
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-forest-800 group-hover:underline">
            {newDrops.linkLabel} <span aria-hidden="true">→</span>
          </span>
        </div>
      </Link>

      <section
        aria-labelledby="deal-heading"
        className="relative isolate flex min-h-44 flex-col justify-between overflow-hidden rounded-3xl bg-forest-900 p-6 text-cream-50 sm:p-8"
      >
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 -z-10 h-36 w-36 rounded-full border-[1rem] border-gold-500/20 sm:-top-12 sm:-right-12 sm:h-48 sm:w-48 sm:border-[1.25rem]"
        />
        <div
          aria-hidden="true"
          className="absolute -right-6 -bottom-16 -z-10 hidden h-40 w-40 rounded-full border-[0.75rem] border-cream-50/5 sm:block"
        />
        <div>
          {deal.eyebrow ? <p className="eyebrow">{deal.eyebrow}</p> : null}
          <h2 id="deal-heading" className="mt-2 font-display text-4xl font-semibold tracking-tight break-words">
            {deal.title}
          </h2>
          {deal.text ? <p className="mt-1 break-words text-cream-100">{deal.text}</p> : null}
        </div>
        {/* A path on this shop only (the document's schema refuses any other link). */}
        <Link to={deal.link} className="btn-gold mt-5 self-start">
          {deal.linkLabel}
        </Link>
      </section>
    </div>
  );
}

/** Trending (two category tiles with a line each) and Popular Categories (four picture tiles), in the owner's words. */
export function CategoryTiles({ tiles }: { tiles: HomeContent["tiles"] }) {
  return (
    <>
      <HomeSection id="trending-heading" title={tiles.trendingTitle}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TRENDING.map((tile, index) => (
            <li key={tile.to}>
              <Link to={tile.to} className="card group flex items-center gap-4 p-4 transition-shadow hover:shadow-md">
                <img src={tile.image} alt="" width={800} height={800} className="h-24 w-24 shrink-0 rounded-2xl object-cover" />
                <span className="min-w-0 break-words">
                  <span className="block font-display text-xl font-semibold text-forest-900 group-hover:underline">
                    {tiles.trending[index]?.title ?? tile.title}
                  </span>
                  {tiles.trending[index]?.text ? (
                    <span className="mt-1 block text-sm text-ink-700">{tiles.trending[index].text}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
      {/* Popular categories: four picture tiles */}
      <HomeSection id="popular-heading" title={tiles.popularTitle}>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {POPULAR.map((tile, index) => (
            <li key={tile.to}>
              <Link to={tile.to} className="group relative isolate block aspect-[4/3] overflow-hidden rounded-2xl shadow-sm">
                <img
                  src={tile.image}
                  alt=""
                  width={800}
                  height={800}
                  className="absolute inset-0 -z-10 h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-forest-950/95 to-forest-950/0 px-4 pt-8 pb-3 font-semibold break-words text-cream-50">
                  {tiles.popular[index]?.title ?? tile.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
    </>
  );
}

/** The products the owner features, each with its real card (price, THC, sizes, link); none picked: no block. */
export function FeaturedProducts({ title, products }: { title: string; products: readonly ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <HomeSection
      id="featured-heading"
      title={title}
      action={
        <Link to="/shop" className="text-sm font-semibold text-forest-800 underline-offset-4 hover:underline">
          View all
        </Link>
      }
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

/** Every active category with its icon (from D1). */
export function CategoryGrid({ categories }: { categories: readonly { name: string; slug: string }[] }) {
  return (
    <HomeSection id="categories-heading" title="All Categories">
      {categories.length === 0 ? (
        <p className="card p-6 text-ink-700">No categories available</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-4 lg:grid-cols-6">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/shop/${category.slug}`}
                className="card flex h-full flex-col items-center gap-2 px-2 py-4 text-center transition-colors hover:border-forest-700/30 hover:bg-forest-50 sm:gap-3 sm:p-4"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-forest-50 text-forest-800 ring-1 ring-forest-800/10 sm:h-14 sm:w-14">
                  <HomeCategoryIcon icon={categoryIcon(category.name)} />
                </span>
                <span className="text-sm leading-tight font-semibold text-ink-900">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** The owner's promise band; without promises, no band. */
export function PromiseBand({ promise }: { promise: HomeContent["promise"] }) {
  if (promise.items.length === 0) return null;
  return (
    <section aria-labelledby="promise-heading" className="rounded-3xl bg-cream-100 p-6 ring-1 ring-cream-200 sm:p-10">
      {promise.eyebrow ? <p className="eyebrow">{promise.eyebrow}</p> : null}
      <h2 id="promise-heading" className="heading-display mt-2 text-2xl break-words sm:text-3xl">
        {promise.title}
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {promise.items.map((item, index) => (
          <li key={index} className="flex gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-forest-800 text-cream-50">
              <CheckIcon className="h-4 w-4" />
            </span>
            <span className="min-w-0 break-words">
              <span className="block font-semibold text-ink-900">{item.title}</span>
              {item.text ? <span className="mt-1 block text-sm text-ink-700">{item.text}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In-town appointments, booked on Telegram, in the owner's words followed by the shop's hours. */
export function AppointmentsBand({ appointments }: { appointments: HomeContent["appointments"] }) {
  return (
    <section
      aria-labelledby="appointments-heading"
      className="flex flex-col items-start gap-5 rounded-3xl bg-forest-900 p-6 text-cream-50 sm:flex-row sm:items-center sm:justify-between sm:p-10"
    >
      <div>
        <h2 id="appointments-heading" className="font-display text-2xl tracking-tight break-words sm:text-3xl">
          {appointments.title}
        </h2>
        <p className="mt-2 max-w-xl break-words text-cream-100">
          {appointments.text.replace(/[.,;:!]$/, "")}, <HoursPhrase />.
        </p>
      </div>
      <TelegramLink className="btn-gold shrink-0 px-6 py-3 text-base" text={appointments.message}>
        <TelegramIcon />
        {appointments.buttonLabel}
      </TelegramLink>
    </section>
  );
}

const testimonialDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The reviews the owner put on the home page, with their dates, and a link to all reviews; none: no block. */
export function TestimonialsSection({ title, testimonials }: { title: string; testimonials: readonly ReviewEntry[] }) {
  if (testimonials.length === 0) return null;
  return (
    <HomeSection id="testimonials-heading" title={title}>
      <ul className="grid gap-4 md:grid-cols-3">
        {testimonials.map((testimonial, index) => (
          <li key={index}>
            <figure className="card flex h-full flex-col p-6">
              <Stars rating={testimonial.rating} />
              <blockquote className="mt-3 flex-1 break-words text-ink-900">
                <p>&ldquo;{testimonial.text}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-4 text-sm break-words">
                <span className="font-semibold text-ink-900">{testimonial.name}</span>
                {testimonial.location ? <span className="text-ink-700"> · {testimonial.location}</span> : null}
                <span className="block text-ink-700">
                  <time dateTime={testimonial.date}>{testimonialDate.format(new Date(`${testimonial.date}T00:00:00Z`))}</time>
                  {testimonial.verified ? " · Verified purchase" : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-6 text-center">
        <Link to="/reviews" className="btn-secondary px-6 py-3">
          Read all reviews <span aria-hidden="true">→</span>
        </Link>
      </div>
    </HomeSection>
  );
}
