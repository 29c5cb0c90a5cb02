import { Link } from "@remix-run/react";
import { categoryIcon } from "~/features/home/category-icon";
import { HomeCategoryIcon } from "~/features/home/home-category-icon";
import { PROMISES, POPULAR, TRENDING, WELCOME_FEATURES, type FeaturedProduct, type Testimonial } from "~/features/site/content/home";
import { SITE } from "~/features/site/site";
import { Stars, TelegramLink } from "~/features/site/static-page";
import { CheckIcon, GlyphIcon, TelegramIcon } from "~/ui/icons";

/** The home page's blocks, top to bottom (SPEC section 2); the route puts them in order. */

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

/** The opening banner: what the shop is, three promises and Shop now. */
export function WelcomeBanner() {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-forest-900 text-cream-50 shadow-lg"
    >
      <img src="/art/hero.svg" alt="" width={1200} height={600} className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70" />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-forest-950/95 via-forest-950/80 to-forest-950/30" />
      <div className="max-w-2xl px-6 py-10 sm:px-10 sm:py-16">
        <p className="eyebrow">Welcome to {SITE.name}</p>
        <h1 id="welcome-heading" className="mt-3 font-display text-4xl leading-tight tracking-tight sm:text-5xl">
          Premium cannabis, delivered discreetly
        </h1>
        <p className="mt-4 text-cream-100 sm:text-lg">
          Flower, concentrates, edibles and disposables, lab tested and shipped nationwide in {SITE.delivery}.
        </p>
        <ul className="mt-6 flex flex-wrap gap-2">
          {WELCOME_FEATURES.map((feature) => (
            <li
              key={feature.label}
              className="inline-flex items-center gap-2 rounded-full bg-cream-50/10 px-3 py-1.5 text-sm font-medium ring-1 ring-cream-50/20"
            >
              <GlyphIcon className="h-4 w-4 text-gold-500" d={feature.path} />
              {feature.label}
            </li>
          ))}
        </ul>
        <Link to="/shop" className="btn-gold mt-8 px-6 py-3 text-base">
          Shop now
        </Link>
      </div>
    </section>
  );
}

/** New drops and the daily deal, side by side from md up. */
export function DropAndDealTiles() {
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
        <div className="max-w-[60%]">
          <span className="eyebrow">Just landed</span>
          <p className="category-title mt-4 text-3xl text-forest-950">NEW DROPS</p>
          <p className="mt-2 text-sm text-ink-700">The latest strains and products, fresh this week.</p>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-forest-800 group-hover:underline">
            See what&apos;s new <span aria-hidden="true">→</span>
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
          <p className="eyebrow">Daily Deal</p>
          <h2 id="deal-heading" className="mt-2 font-display text-4xl font-semibold tracking-tight">
            25% OFF
          </h2>
          <p className="mt-1 text-cream-100">on select items, today only.</p>
        </div>
        {/* The shop with its On sale filter on (issue 17, decision 018): a deliberate deviation from the spec's plain /shop. */}
        <Link to="/shop?sale=1" className="btn-gold mt-5 self-start">
          Shop the deal
        </Link>
      </section>
    </div>
  );
}

/** Trending (two category tiles with a line each) and Popular Categories (four picture tiles). */
export function CategoryTiles() {
  return (
    <>
      <HomeSection id="trending-heading" title="Trending Now">
        <ul className="grid gap-4 sm:grid-cols-2">
          {TRENDING.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="card group flex items-center gap-4 p-4 transition-shadow hover:shadow-md">
                <img src={tile.image} alt="" width={800} height={800} className="h-24 w-24 shrink-0 rounded-2xl object-cover" />
                <span>
                  <span className="block font-display text-xl font-semibold text-forest-900 group-hover:underline">{tile.title}</span>
                  <span className="mt-1 block text-sm text-ink-700">{tile.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
      {/* Popular categories: four picture tiles */}
      <HomeSection id="popular-heading" title="Popular Categories">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {POPULAR.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="group relative isolate block aspect-[4/3] overflow-hidden rounded-2xl shadow-sm">
                <img
                  src={tile.image}
                  alt=""
                  width={800}
                  height={800}
                  className="absolute inset-0 -z-10 h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-forest-950/95 to-forest-950/0 px-4 pt-8 pb-3 font-semibold text-cream-50">
                  {tile.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
    </>
  );
}

/** The static featured cards, with packshots drawn by the loader. */
export function FeaturedProducts({ featured }: { featured: readonly (FeaturedProduct & { image: string })[] }) {
  return (
    <HomeSection
      id="featured-heading"
      title="Featured Products"
      action={
        <Link to="/shop" className="text-sm font-semibold text-forest-800 underline-offset-4 hover:underline">
          View all
        </Link>
      }
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {featured.map((product) => (
          <li key={product.name}>
            <article className="card relative flex h-full overflow-hidden transition-shadow focus-within:shadow-md hover:shadow-md sm:flex-col">
              <div className="relative w-32 shrink-0 sm:w-auto">
                <img
                  src={product.image}
                  alt={product.name}
                  width={800}
                  height={800}
                  className="h-full w-full bg-cream-100 object-cover sm:aspect-[4/3] sm:h-auto"
                />
                <span className="absolute top-2 left-2 rounded-full bg-forest-900 px-2.5 py-1 text-xs font-semibold text-cream-50 sm:top-3 sm:left-3 sm:px-3">
                  {product.badge}
                </span>
              </div>
              <div className="flex flex-1 flex-col p-4 sm:p-5">
                <p className="text-xs font-medium text-ink-500">{product.category}</p>
                <h3 className="mt-1 text-lg font-semibold text-ink-900">
                  <Link to="/shop" className="after:absolute after:inset-0">
                    {product.name}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-ink-700">{product.thc}</p>
                <p className="mt-auto pt-3 text-lg font-bold text-forest-800 sm:pt-4">{product.price}</p>
              </div>
            </article>
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

/** The Greenleaf promise. */
export function PromiseBand() {
  return (
    <section aria-labelledby="promise-heading" className="rounded-3xl bg-cream-100 p-6 ring-1 ring-cream-200 sm:p-10">
      <p className="eyebrow">Why shoppers choose us</p>
      <h2 id="promise-heading" className="heading-display mt-2 text-2xl sm:text-3xl">
        The Greenleaf promise
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {PROMISES.map((promise) => (
          <li key={promise.title} className="flex gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-forest-800 text-cream-50">
              <CheckIcon className="h-4 w-4" />
            </span>
            <span>
              <span className="block font-semibold text-ink-900">{promise.title}</span>
              <span className="mt-1 block text-sm text-ink-700">{promise.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In-town appointments, booked on Telegram. */
export function AppointmentsBand() {
  return (
    <section
      aria-labelledby="appointments-heading"
      className="flex flex-col items-start gap-5 rounded-3xl bg-forest-900 p-6 text-cream-50 sm:flex-row sm:items-center sm:justify-between sm:p-10"
    >
      <div>
        <h2 id="appointments-heading" className="font-display text-2xl tracking-tight sm:text-3xl">
          In town? Book an appointment
        </h2>
        <p className="mt-2 max-w-xl text-cream-100">
          Message us on Telegram to pick up in person or see products before you buy, every day {SITE.hours}.
        </p>
      </div>
      <TelegramLink className="btn-gold shrink-0 px-6 py-3 text-base" text="Hi! I'd like to book an in-town appointment.">
        <TelegramIcon />
        Book on Telegram
      </TelegramLink>
    </section>
  );
}

/** The testimonials and a link to all reviews. */
export function TestimonialsSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <HomeSection id="testimonials-heading" title="What customers say">
      <ul className="grid gap-4 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="card flex h-full flex-col p-6">
              <Stars rating={testimonial.rating} />
              <blockquote className="mt-3 flex-1 text-ink-900">
                <p>&ldquo;{testimonial.text}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-ink-900">{testimonial.name}</span>
                <span className="text-ink-700"> · {testimonial.location}</span>
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
