/**
 * The content area of a signed-in admin page. The header (sections, View shop, Sign out) is the
 * admin chrome that app/root.tsx puts around every /admin page (app/features/admin/admin-chrome.tsx).
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  return <div className="container-page py-8">{children}</div>;
}
