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

/** The rows as one Markdown table, padded so it also reads well in a terminal. */
export function formatTable(rows: Row[]): string {
  const cells = [COLUMNS.map((c) => c.title), ...rows.map((row) => COLUMNS.map((c) => row[c.key] ?? ''))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i]?.length ?? 0)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [header, ...body] = cells;
  return [line(header ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}
