import Papa from 'papaparse';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { MEMBER_EXPORT_COLUMNS, memberExportRow } from '#core/members/members-export.ts';

/**
 * A cell a spreadsheet would read as a formula (OWASP's list: = + - @, tab and carriage return)
 * gets a leading quote. papaparse's own pattern for `escapeFormulae: true` ends in `.*$`, which
 * lets a cell with a line break in it through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The members export (spec §9): a header row and one row per member. */
export function membersCsv(members: readonly AdminMember[]): string {
  // Rows as arrays, the header first: with `{fields, data}` papaparse adds an empty row when there is no data.
  return Papa.unparse([[...MEMBER_EXPORT_COLUMNS], ...members.map(memberExportRow)], {
    escapeFormulae: FORMULA_START,
    newline: '\r\n',
  });
}
