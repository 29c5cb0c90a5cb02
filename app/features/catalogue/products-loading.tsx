import { useNavigation } from "@remix-run/react";
import { SpinnerIcon } from "~/ui/icons";

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
          <SpinnerIcon className="h-5 w-5 animate-spin" trackOpacity="0.2" />
          {label}
        </p>
      ) : null}
    </div>
  );
}
