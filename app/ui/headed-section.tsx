/**
 * A block named by its own heading: `<section aria-labelledby>` (or a `<nav>`) whose first child is
 * the `<h2>` with that id, so a screen reader lists the block by its title.
 */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName,
  as: Tag = "section",
  children,
}: {
  id: string;
  title: React.ReactNode;
  className?: string;
  headingClassName: string;
  as?: "section" | "nav";
  children?: React.ReactNode;
}) {
  return (
    <Tag aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
