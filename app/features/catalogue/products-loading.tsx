import { useNavigation } from "@remix-run/react";

/** True while the app navigates to another view of a products page (filters, tabs, pages). */
export function useProductsLoading(pathPrefix: string) {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname.startsWith(pathPrefix);
}

/** 'Loading products...' with a spinner, announced politely; the live region is always present. */
export function ProductsLoading({ loading, label = "Loading products..." }: { loading: boolean; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="min-h-6">
      {loading ? (
        <p className="flex items-center gap-2 text-sm font-medium text-forest-800">
          <svg viewBox="0 0 24 24" className="h-5 w-5 animate-spin" fill="none" aria-hidden="true">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          {label}
        </p>
      ) : null}
    </div>
  );
}
