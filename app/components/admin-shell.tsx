import { Form, NavLink } from "@remix-run/react";

const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/add-product", label: "Add Product" },
  { to: "/admin/categories", label: "Categories" },
] as const;

/** Frame for every signed-in admin page: section nav and the Sign out form (a real POST). */
export function AdminShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page py-8">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-forest-900 px-4 py-3 text-cream-50">
        <nav aria-label="Admin">
          <ul className="flex flex-wrap gap-1">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? "bg-cream-50 text-forest-900" : "text-cream-100 hover:bg-forest-800"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="rounded-full border border-cream-100/30 px-3 py-1.5 text-sm font-medium hover:bg-forest-800">
            Sign out
          </button>
        </Form>
      </div>
      {children}
    </div>
  );
}
