import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contactMessageText } from "../../app/features/contact/contact";
import { REFERENCE_PATTERN } from "../../app/features/orders/reference";
import { defaultSettings } from "../../app/features/settings/settings";
import { FAQ_CONTENT } from "../../app/features/storefront/faq-content";
import { catalogueChanged, get, ORIGIN, postForm as postFormWithoutHost } from "./helpers";
import { elementsOf, metaOf, textsOf } from "./page-parts";

/** Text as React writes it into HTML. */
function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

const VERIFIED = { headers: { Cookie: "age-verified=yes" } };

/** A page's HTML, with React's text separators (<!-- -->) removed so visible text reads whole. */
async function page(path: string, init: RequestInit = VERIFIED) {
  const response = await get(path, init);
  const source = await response.text();
  return { response, source, body: source.replace(/<!-- -->/g, "") };
}

/**
 * A same-origin form post as a browser sends it: with a Host header, which Remix's own CSRF check
 * compares with Origin before it runs an action (SELF.fetch sends none by itself).
 */
function postForm(path: string, fields: Record<string, string>, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
  return postFormWithoutHost(path, fields, { ...init, headers });
}

async function headTags(body: string) {
  return {
    title: (await textsOf(body, "title"))[0],
    description: (await metaOf(body)).description,
    canonical: (await elementsOf(body, 'link[rel="canonical"]'))[0]?.attributes.href,
  };
}

const PAGES: { path: string; title: string; texts: string[] }[] = [
  {
    path: "/",
    title: "Premium cannabis, delivered discreetly | Greenleaf Supply",
    texts: [
      "Search products",
      "Discreet packaging",
      "Fast Delivery",
      "Support daily",
      "NEW DROPS",
      "25% OFF",
      "Trending Now",
      "Popular Categories",
      "Featured Products",
      "Gelato Punch AAAA Exotic",
      "All Categories",
      "The Greenleaf Supply promise",
      "In town? Book an appointment",
    ],
  },
  {
    path: "/about",
    title: "About us | Greenleaf Supply",
    texts: ["Our story", "Quality First", "Trust & Safety", "Fast Delivery", "Excellence", "Meet the team", "Message us on Telegram"],
  },
  {
    path: "/contact",
    title: "Contact us | Greenleaf Supply",
    texts: ["Telegram support", "Every day: 9:00 AM – 11:00 PM", "Nationwide", "Quick help", "Send us a message", "Send Message"],
  },
  {
    path: "/faq",
    title: "Frequently asked questions | Greenleaf Supply",
    texts: [...FAQ_CONTENT.defaults(defaultSettings(env)).entries.map((item) => item.question), "Contact Support"],
  },
  {
    path: "/reviews",
    title: "Customer reviews | Greenleaf Supply",
    texts: ["What our customers say", "No reviews yet.", "Share Your Experience"],
  },
  {
    path: "/account",
    title: "Account | Greenleaf Supply",
    texts: ["Back to Shop", "Quick Actions", "View Cart", "Contact Support", "FAQ &amp; Help", "About", "Version 1.0.0"],
  },
];

describe("static pages", () => {
  for (const { path, title, texts } of PAGES) {
    it(`${path} answers 200 with its key texts, title, description and canonical URL`, async () => {
      const { response, body, source } = await page(path);
      expect(response.status).toBe(200);
      const visible = body.slice(body.indexOf("<body"));
      for (const text of texts) expect(visible, text).toContain(text.includes("&amp;") ? text : html(text));
      const head = await headTags(source);
      expect(head.title).toBe(title);
      expect(head.description?.length).toBeGreaterThan(40);
      expect(head.canonical).toBe(`${ORIGIN}${path}`);
    });
  }

  it("/about describes the checkout that exists: no online payment, not a missing checkout page", async () => {
    const { body } = await page("/about");
    const text = body.replace(/\s+/g, " ");
    expect(text).not.toContain("There is no checkout page");
    expect(text).toContain("Checkout takes no card and no payment online");
  });

  it("home lists every active category, linking to its page", async () => {
    const { results } = await env.DB.prepare("SELECT name, slug FROM categories WHERE active = 1").all<{ name: string; slug: string }>();
    expect(results.length).toBeGreaterThan(0);
    const { body } = await page("/");
    for (const { name, slug } of results) {
      expect(body).toContain(`href="/shop/${slug}"`);
      expect(body).toContain(html(name));
    }
  });

  it("home hides an inactive category and links its fixed tiles", async () => {
    await env.DB.prepare("UPDATE categories SET active = 0 WHERE slug = 'mushrooms'").run();
    await catalogueChanged();
    try {
      const { body } = await page("/");
      expect(body).not.toContain('href="/shop/mushrooms"');
      for (const href of [
        "/shop/new-drops",
        "/shop/concentrates",
        "/shop/edibles",
        "/shop/deps",
        "/shop",
        "/account",
        "/reviews",
        "/checkout",
      ]) {
        expect(body, href).toContain(`href="${href}"`);
      }
      expect(body).toContain('action="/shop"');
      expect(body).toContain('name="search"');
    } finally {
      await env.DB.prepare("UPDATE categories SET active = 1 WHERE slug = 'mushrooms'").run();
      await catalogueChanged();
    }
  });

  it("keeps the shop footer's link to the back office at /admin", async () => {
    const { source } = await page("/");
    const links = await elementsOf(source, "footer a");
    expect(links.filter((link) => link.text === "Admin").map((link) => link.attributes.href)).toEqual(["/admin"]);
  });

  it("links the messaging app in a new tab from the static pages", async () => {
    for (const path of ["/", "/about", "/contact", "/faq", "/reviews", "/account"]) {
      const { body } = await page(path);
      expect(body, path).toMatch(/href="https:\/\/t\.me\/greenleafsupply[^"]*" target="_blank" rel="noopener noreferrer"/);
    }
  });
});

describe("contact form action", () => {
  const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Bulk order", message: "Do you ship\n5+ units?" };

  it("answers invalid input with 400 and an error for each field", async () => {
    const response = await postForm("/contact", { name: "", email: "not-an-email", subject: "  ", message: "" });
    expect(response.status).toBe(400);
    const body = await response.text();
    for (const message of ["Name is required", "Please enter a valid email address", "Subject is required", "Message is required"]) {
      expect(body).toContain(message);
    }
    expect(body).toContain('aria-invalid="true"');
    // What the visitor typed stays in the form.
    expect(body).toContain('value="not-an-email"');
  });

  it("answers a missing field with 400, never a 500", async () => {
    const response = await postForm("/contact", { name: "Ada" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Email is required");
  });

  it("answers valid input with 303 to Telegram carrying the exact contact text", async () => {
    const response = await postForm("/contact", valid);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    const prefix = `https://t.me/${env.TELEGRAM_USERNAME}?text=`;
    expect(location.startsWith(prefix)).toBe(true);
    const text = decodeURIComponent(location.slice(prefix.length));
    const reference = /^Reference (\S+)$/m.exec(text)?.[1] ?? "";
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(text).toBe(
      `New message to Greenleaf Supply from the contact form\nReference ${reference}\n\nName: Ada Lovelace\nEmail: ada@example.com\nSubject: Bulk order\nMessage: Do you ship\n5+ units?`,
    );
    expect(text).toBe(contactMessageText(valid, { shopName: "Greenleaf Supply", reference }));
    await response.text();
  });

  it("renders the form for a new tab with a real post", async () => {
    const { body } = await page("/contact");
    expect(await elementsOf(body, 'form[method="post"][target="_blank"]')).not.toHaveLength(0);
    for (const label of ["Name", "Email", "Subject", "Message"]) expect(body).toContain(`>${label}</label>`);
    expect(body).toContain('type="email"');
  });
});

describe("age gate", () => {
  it("shows the dialog to a first-time visitor over the server-rendered page", async () => {
    const { response, body } = await page("/about", {});
    expect(response.status).toBe(200);
    // A native <dialog> rendered open, so it shows without JavaScript (hydration makes it modal).
    expect(await elementsOf(body, 'dialog[open][aria-labelledby="age-gate-title"]')).toHaveLength(1);
    expect(body).toContain("Are you 21 or older?");
    expect(body).toContain("Yes, I&#x27;m 21 or older");
    expect(body).toContain('name="redirectTo" value="/about"');
    expect(await elementsOf(body, 'div[class="contents"][inert]')).not.toHaveLength(0);
    // The page itself is still in the HTML for search engines.
    expect(body).toContain("Quality First");
  });

  it("keeps the path and query to return to", async () => {
    const { body } = await page("/faq?from=ad", {});
    expect(body).toContain('name="redirectTo" value="/faq?from=ad"');
  });

  it("is not shown once the visitor has confirmed", async () => {
    const { body } = await page("/about");
    expect(await elementsOf(body, 'dialog[aria-labelledby="age-gate-title"]')).toHaveLength(0);
    expect(body).not.toContain("inert");
  });

  it("is not shown on admin pages or on the refusal page", async () => {
    for (const path of ["/admin", "/admin/dashboard", "/age-gate"]) {
      const { body } = await page(path, {});
      expect(await elementsOf(body, 'dialog[aria-labelledby="age-gate-title"]'), path).toHaveLength(0);
    }
  });

  it("remembers the answer for 30 days and returns to the page", async () => {
    const response = await postForm("/age-gate", { redirectTo: "/shop?search=gelato" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/shop?search=gelato");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^age-verified=yes;/);
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure"); // http://localhost
    await response.text();
  });

  it("marks the cookie Secure off localhost", async () => {
    const remote = await SELF.fetch("https://shop.example/age-gate", {
      method: "POST",
      body: new URLSearchParams({ redirectTo: "/" }),
      headers: { Origin: "https://shop.example", Host: "shop.example" },
      redirect: "manual",
    });
    expect(remote.status).toBe(303);
    expect(remote.headers.get("Set-Cookie")).toContain("Secure");
    await remote.text();
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil.com", "evil.com"])("refuses to redirect off-site to %j", async (redirectTo) => {
    const response = await postForm("/age-gate", { redirectTo });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^age-verified=yes;/);
    await response.text();
  });

  it("goes home when no page is given", async () => {
    const response = await postForm("/age-gate", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    await response.text();
  });

  it("answers the refusal page for the 'No' answer", async () => {
    const { response, body } = await page("/age-gate", {});
    expect(response.status).toBe(200);
    expect(body).toContain("Sorry, this shop is for adults 21 and over");
    expect(body).toContain('name="robots" content="noindex"');
  });
});
