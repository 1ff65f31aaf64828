import type { ReactNode } from 'react';

/** A bordered table that scrolls sideways on narrow screens, under one row of column headings. */
export function DataTable({
  caption,
  captionVisible = false,
  columns,
  children,
}: {
  caption: string;
  /** Shown as the table's title; otherwise only screen readers announce it. */
  captionVisible?: boolean;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
      <table className="w-full text-left text-sm">
        <caption className={captionVisible ? 'px-4 py-2 text-left font-medium text-stone-200' : 'sr-only'}>
          {caption}
        </caption>
        <thead className="bg-stone-950/60 text-stone-400">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
