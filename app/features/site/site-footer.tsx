import { Link } from "@remix-run/react";
import { HeadedSection } from "~/ui/headed-section";
import { POLICY_LINKS } from "./policy-links";
import { FOOTER_LINKS, SITE, type FooterCategory } from "./site";
import { LeafMark } from "./logo";
import { useRootData, useShopName } from "./root-data";

/** The policy pages, in their own row above the copyright line. */
function PolicyLinks() {
  return (
    <nav aria-label="Policies" className="border-t border-cream-100/10">
      <ul className="container-page flex flex-wrap gap-x-6 gap-y-2 py-4 text-sm">
        {POLICY_LINKS.map((link) => (
          <li key={link.slug}>
            <Link to={`/${link.slug}`} className="text-cream-100 hover:text-gold-500">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ categories }: { categories: FooterCategory[] }) {
  const shop = useRootData()?.shop;
  const identity = shop?.identity;
  const name = useShopName();
  return (
    <footer className="site-footer mt-16 bg-forest-950 text-cream-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2 text-sage-300">
            <LeafMark />
            <span className="font-display text-xl text-cream-50">{name}</span>
          </div>
          {/* The owner's line (Settings); the original one when the settings could not be read. */}
          {(identity?.tagline ?? SITE.tagline) ? (
            <p className="mt-3 text-sm break-words text-cream-200/80">{identity?.tagline ?? SITE.tagline}</p>
          ) : null}
          {shop ? (
            <div className="mt-3 text-sm text-cream-200/80">
              <p className="font-semibold text-cream-50">Hours</p>
              <ul>
                {shop.weekLines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {identity?.serviceArea ? <p className="mt-2 text-sm text-cream-200/80">Serving: {identity.serviceArea}</p> : null}
          {identity?.email ? (
            <p className="mt-2 text-sm">
              <a href={`mailto:${identity.email}`} className="break-all text-cream-100 underline underline-offset-4 hover:text-gold-500">
                {identity.email}
              </a>
            </p>
          ) : null}
          {identity?.licence ? <p className="mt-2 text-sm text-cream-200/80">Licence: {identity.licence}</p> : null}
        </div>
        <HeadedSection as="nav" id="footer-quick-links" headingClassName="text-sm font-semibold text-cream-50" title="Quick Links">
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-cream-100 hover:text-gold-500">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </HeadedSection>
        <HeadedSection as="nav" id="footer-categories" headingClassName="text-sm font-semibold text-cream-50" title="Categories">
          {categories.length === 0 ? (
            <p className="mt-3 text-sm text-cream-200/80">No categories available</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
              {categories.map((category) => (
                <li key={category.slug}>
                  <Link to={`/shop/${category.slug}`} className="text-cream-100 hover:text-gold-500">
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </HeadedSection>
        <div>
          <h2 className="text-sm font-semibold text-cream-50">Get in touch</h2>
          <p className="mt-3 text-sm text-cream-200/80">Questions about an order or bulk pricing?</p>
          <Link
            to="/contact"
            className="mt-3 inline-block text-sm font-semibold text-cream-50 underline underline-offset-4 hover:text-gold-500"
          >
            Contact Us
          </Link>
        </div>
      </div>
      <PolicyLinks />
      <div className="border-t border-cream-100/10">
        <p className="container-page py-5 text-xs text-cream-200/70">
          © {new Date().getFullYear()} {name}. All rights reserved. For adults 21 and over.
        </p>
      </div>
    </footer>
  );
}
