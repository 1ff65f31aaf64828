import type { ReactNode } from 'react';

/**
 * On a phone a stacked table shows each row as a card, its cells one under another, so a row's last
 * cells (its actions) are on screen rather than beyond a sideways scroll (issue 21). The column
 * headings are then read by screen readers only, and each cell names itself with a `StackedLabel`.
 */
const STACKED = {
  table: 'max-sm:block',
  // A block table gives its caption no width of its own: it would wrap word by word.
  caption: 'max-sm:block',
  head: 'max-sm:sr-only',
  // Two cells a line under the row's heading, so a card is not a tall column of short values.
  body: 'max-sm:block max-sm:[&_td]:block max-sm:[&_td]:py-1 max-sm:[&_th]:col-span-2 max-sm:[&_th]:block max-sm:[&_th]:pt-3 max-sm:[&_th]:pb-1 max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-2 max-sm:[&_tr]:pb-3',
};

/** A cell's column heading, shown in the cell on a phone, where a stacked table hides its headings. */
export function StackedLabel({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-medium text-stone-400 sm:hidden">{children}</span>;
}

/**
 * A bordered table under one row of column headings, which scrolls sideways on narrow screens or,
 * `stacked`, turns into cards on a phone.
 */
export function DataTable({
  caption,
  captionVisible = false,
  columns,
  stacked = false,
  children,
}: {
  caption: string;
  /** Shown as the table's title; otherwise only screen readers announce it. */
  captionVisible?: boolean;
  columns: readonly string[];
  /** A card per row on a phone; each cell but the row's heading should start with a `StackedLabel`. */
  stacked?: boolean;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
      <table className={`w-full text-left text-sm ${stacked ? STACKED.table : ''}`}>
        <caption
          className={
            captionVisible
              ? `px-4 py-2 text-left font-medium text-stone-200 ${stacked ? STACKED.caption : ''}`
              : 'sr-only'
          }
        >
          {caption}
        </caption>
        <thead className={`bg-stone-950/60 text-stone-400 ${stacked ? STACKED.head : ''}`}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked ? STACKED.body : undefined}>{children}</tbody>
      </table>
    </div>
  );
}
