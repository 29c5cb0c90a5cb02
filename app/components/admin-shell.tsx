import { Form, NavLink, useNavigation } from "@remix-run/react";

const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/add-product", label: "Add Product" },
  { to: "/admin/categories", label: "Categories" },
] as const;

/**
 * Frame for every signed-in admin page: section nav and the Sign out form (a real POST).
 * Phones get the sign-out row first and the four sections as one even row below it.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="container-page py-8">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-2xl bg-forest-900 p-3 text-cream-50 sm:px-4">
        <p className="pl-1 text-xs font-semibold tracking-widest text-gold-500 uppercase sm:hidden">Admin</p>
        <nav aria-label="Admin" className="order-last w-full sm:order-none sm:w-auto">
          <ul className="grid grid-cols-4 gap-1 sm:flex">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded-full px-1 py-1.5 text-center text-xs font-medium whitespace-nowrap sm:px-3 sm:text-sm ${
                      isActive ? "bg-cream-50 text-forest-900" : "text-cream-100 hover:bg-forest-800"
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-3">
          <span role="status" aria-live="polite" className="flex items-center">
            {busy ? (
              <>
                <span
                  className="h-4 w-4 animate-spin rounded-full border-2 border-cream-100/30 border-t-gold-500"
                  aria-hidden="true"
                />
                <span className="sr-only">{navigation.state === "submitting" ? "Saving..." : "Loading..."}</span>
              </>
            ) : null}
          </span>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-full border border-cream-100/30 px-3 py-1.5 text-sm font-medium hover:bg-forest-800"
            >
              Sign out
            </button>
          </Form>
        </div>
      </div>
      {children}
    </div>
  );
}
