/** A column heading: its text, or its content with classes of its own. */
type Column = string | { label: React.ReactNode; className?: string };

/** A table's column headings: one row of `<th scope="col">`, each with `cellClassName` unless it brings its own. */
export function TableHead({ className, cellClassName, columns }: { className: string; cellClassName: string; columns: readonly Column[] }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={(typeof column === "string" ? undefined : column.className) ?? cellClassName}>
            {typeof column === "string" ? column : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
