import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { SITE } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: `${SITE.name} | Lab-tested cannabis, delivered` },
  { name: "description", content: SITE.description },
];

export default function Home() {
  return (
    <div className="container-page py-16">
      <section className="rounded-3xl bg-forest-900 px-6 py-16 text-cream-50 sm:px-12">
        <p className="text-sm font-semibold tracking-widest text-gold-500 uppercase">Welcome to {SITE.name}</p>
        <h1 className="mt-3 font-display text-4xl sm:text-5xl">{SITE.tagline}</h1>
        <p className="mt-4 max-w-xl text-cream-200">{SITE.description}</p>
        <Link to="/shop" className="btn-gold mt-8">
          Shop now
        </Link>
      </section>
    </div>
  );
}
