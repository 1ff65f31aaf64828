export interface Row {
  what: string;
  app: string;
  bare?: string;
  ratio?: string;
  target?: string;
}

const COLUMNS: Array<{ key: keyof Row; title: string }> = [
  { key: 'what', title: 'what' },
  { key: 'app', title: 'app' },
  { key: 'bare', title: 'bare Node, same bytes' },
  { key: 'ratio', title: 'app / bare' },
  { key: 'target', title: 'target' },
];

/** A header and rows of cells as one Markdown table, padded so it also reads well in a terminal. */
export function formatGrid(header: string[], body: string[][]): string {
  const cells = [header, ...body];
  const widths = header.map((_, i) => Math.max(...cells.map((line) => line[i]?.length ?? 0)));
  const line = (values: string[]) => `| ${widths.map((w, i) => (values[i] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** The rows as one Markdown table, padded so it also reads well in a terminal. */
export function formatTable(rows: Row[]): string {
  return formatGrid(
    COLUMNS.map((c) => c.title),
    rows.map((row) => COLUMNS.map((c) => row[c.key] ?? '')),
  );
}
