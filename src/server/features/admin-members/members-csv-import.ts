import Papa from 'papaparse';
import { MAX_IMPORT_ROWS, type ImportError } from '#core/members/members-import.schema.ts';
import type { ImportRow } from '#core/members/members-import.ts';

export interface ParsedCsv {
  header: string[];
  rows: ImportRow[];
  /** Rows that could not be read as CSV at all, with their line. */
  errors: ImportError[];
  /** True when the file holds more rows than an import takes. */
  tooManyRows: boolean;
}

/** 1 + the line breaks before `offset`: a quoted cell may span lines, so rows and lines differ. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Where a row's text starts: after the line break (and blank lines) that ended the row before it. */
function rowStart(text: string, previousEnd: number): number {
  let start = previousEnd;
  while (start < text.length && /[\r\n]/.test(text.charAt(start))) start += 1;
  return start;
}

/**
 * Reads a members CSV (the export's format: a header row, then a row per member) into rows keyed by
 * header, each with the line it starts on, so every problem can name its line. A spreadsheet's
 * byte-order mark is dropped; blank lines are skipped; reading stops past MAX_IMPORT_ROWS.
 */
export function parseMembersCsv(csv: string): ParsedCsv {
  const text = csv.replace(/^\uFEFF/, '');
  const result: ParsedCsv = { header: [], rows: [], errors: [], tooManyRows: false };
  let previousEnd = 0;
  let first = true;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step(step, parser) {
      const line = lineAt(text, rowStart(text, previousEnd));
      previousEnd = step.meta.cursor;
      const cells = step.data.map((cell) => cell.trim());
      if (first) {
        first = false;
        result.header = cells;
        return;
      }
      if (result.rows.length + result.errors.length >= MAX_IMPORT_ROWS) {
        result.tooManyRows = true;
        parser.abort();
        return;
      }
      const problem = step.errors[0];
      if (problem) result.errors.push({ line, message: `The row is not valid CSV: ${problem.message}` });
      else if (cells.length > result.header.length)
        result.errors.push({
          line,
          message: `The row has ${cells.length} cells; the header has ${result.header.length}`,
        });
      else
        result.rows.push({
          line,
          cells: Object.fromEntries(result.header.map((column, index) => [column, step.data[index] ?? ''])),
        });
    },
  });
  return result;
}
