import Papa from 'papaparse';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { MEMBER_EXPORT_COLUMNS, memberExportRow } from '#core/members/members-export.ts';

/**
 * A cell a spreadsheet would read as a formula (OWASP's list: = + - @, tab and carriage return)
 * gets a leading quote. papaparse's own pattern for `escapeFormulae: true` ends in `.*$`, which
 * lets a cell with a line break in it through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV for spreadsheets, with the formula escaping above: a header row and the rows, CRLF-separated.
 * Every admin export goes through this, so each gets the same protection.
 */
export function safeCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  // Rows as arrays, the header first: with `{fields, data}` papaparse adds an empty row when there is no data.
  return Papa.unparse([[...header], ...rows.map((row) => [...row])], {
    escapeFormulae: FORMULA_START,
    newline: '\r\n',
  });
}

/** The members export (spec §9): a header row and one row per member. */
export function membersCsv(members: readonly AdminMember[]): string {
  return safeCsv(MEMBER_EXPORT_COLUMNS, members.map(memberExportRow));
}
