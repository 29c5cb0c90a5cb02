/**
 * The spec's load-error block for the product page and the product listings: a heading,
 * "Failed to load products: {message}" (or, for Concentrates, the message alone) and a way on
 * as `children` (Back to Shop, Try again, Reload Page). `page` spacing matches the in-layout
 * error panel; `listing` sits a little tighter under the shop header.
 */
export function LoadError({
  title,
  message,
  prefixed = true,
  spacing = "listing",
  children,
}: {
  title: string;
  message: string;
  prefixed?: boolean;
  spacing?: "page" | "listing";
  children: React.ReactNode;
}) {
  const [section, text] = spacing === "page" ? ["py-24", "mt-3"] : ["py-20", "mt-4"];
  return (
    <section className={`container-page ${section} text-center`} role="alert">
      <h1 className="heading-display text-3xl">{title}</h1>
      <p className={`${text} text-ink-700`}>{prefixed ? <>Failed to load products: {message}</> : message}</p>
      {children}
    </section>
  );
}
