import { MAX_INT32 } from '../bounds/int32.ts';
import { EARLIEST_YEAR, LATEST_YEAR } from '../bounds/years.ts';
import type { ImportError, ImportedField, MemberImportChange } from './members-import.schema.ts';
import { normaliseRsn } from './names.ts';

/**
 * Planning a members CSV import (the export's own columns, spec §9): which member each row means and
 * which of their fields it changes. Pure, so the preview and the apply (which plans again inside its
 * transaction, on the rows as they are then) cannot disagree.
 */

export interface ImportRow {
  /** The row's first line in the file, counting the header as line 1. */
  line: number;
  /** Cells by column header. */
  cells: Readonly<Record<string, string>>;
}

/** A member as the import reads and compares them. */
export interface ImportTarget {
  wom_id: string;
  name: string;
  wom_name: string | null;
  title: string | null;
  first_lvl: number;
  first_xp: number;
  siege_score: number;
  join_date: string | null;
}

export interface ImportPlan {
  changes: MemberImportChange[];
  errors: ImportError[];
}

type FieldValues = Partial<Pick<ImportTarget, ImportedField>>;

/** Each imported field's column in the export, and how its cell is read. */
const COLUMNS: ReadonlyArray<{ field: ImportedField; column: string; read: (cell: string) => Read }> = [
  {
    field: 'first_lvl',
    column: 'Initial Level',
    read: (cell) => wholeNumber('Initial Level', cell, MAX_INT32),
  },
  {
    field: 'first_xp',
    column: 'Initial XP',
    read: (cell) => wholeNumber('Initial XP', cell, Number.MAX_SAFE_INTEGER),
  },
  {
    field: 'siege_score',
    column: 'Siege Score',
    read: (cell) => wholeNumber('Siege Score', cell, MAX_INT32),
  },
  { field: 'join_date', column: 'Join Date', read: joinDate },
  { field: 'title', column: 'Title', read: title },
];

const WOM_ID_COLUMN = 'WOM ID';
const NAME_COLUMN = 'Name';
const TITLE_MAX = 64;

type Read = { value: string | number } | { error: string };

/** The export prefixes a cell a spreadsheet would run as a formula with a quote; the import takes it off. */
export function unescapeCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Digits, optionally grouped with commas as spreadsheets show them; a fraction is floored, as the form does. */
function wholeNumber(column: string, cell: string, max: number): Read {
  const text = cell.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: `${column} must be a number of 0 or more, not '${cell}'` };
  const value = Math.floor(Number(text));
  if (value > max) return { error: `${column} must be at most ${max.toLocaleString('en-US')}` };
  return { value };
}

/** 'yyyy-MM-dd', or an ISO timestamp whose date part is taken, within the years both databases store. */
function joinDate(cell: string): Read {
  const date = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(cell) ? cell.slice(0, 10) : null;
  const parsed = date === null ? Number.NaN : Date.parse(`${date}T00:00:00.000Z`);
  if (date === null || Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== date)
    return { error: `Join Date must be a date (yyyy-MM-dd), not '${cell}'` };
  const year = Number(date.slice(0, 4));
  if (year < EARLIEST_YEAR || year > LATEST_YEAR)
    return { error: `Join Date must fall between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}` };
  return { value: date };
}

function title(cell: string): Read {
  const text = unescapeCell(cell);
  return text.length > TITLE_MAX
    ? { error: `Title must be at most ${TITLE_MAX} characters` }
    : { value: text };
}

/** Why the header cannot be read as the export's, or null when it can. */
export function headerProblem(header: readonly string[]): string | null {
  if (!header.includes(WOM_ID_COLUMN) && !header.includes(NAME_COLUMN))
    return `The CSV has neither a '${WOM_ID_COLUMN}' nor a '${NAME_COLUMN}' column: use the members export's format`;
  if (!COLUMNS.some(({ column }) => header.includes(column)))
    return `The CSV has none of the columns an import sets (${COLUMNS.map((c) => c.column).join(', ')})`;
  return null;
}

/** The values a row gives, or the first problem with one of them. An empty cell leaves its field as it is. */
function readValues(row: ImportRow): { values: FieldValues } | { error: string } {
  // Each column's reader gives its field's type: a number for levels, XP and scores, text otherwise.
  const values: FieldValues = {};
  for (const { field, column, read } of COLUMNS) {
    const cell = (row.cells[column] ?? '').trim();
    if (cell === '') continue;
    const result = read(cell);
    if ('error' in result) return result;
    Object.assign(values, { [field]: result.value });
  }
  return { values };
}

interface Directory {
  byId: Map<string, ImportTarget>;
  byName: Map<string, ImportTarget[]>;
}

function directoryOf(members: readonly ImportTarget[]): Directory {
  const byId = new Map(members.map((member) => [member.wom_id, member]));
  const byName = new Map<string, ImportTarget[]>();
  for (const member of members) {
    const keys = new Set([member.name, member.wom_name ?? ''].filter(Boolean).map(normaliseRsn));
    for (const key of keys) byName.set(key, [...(byName.get(key) ?? []), member]);
  }
  return { byId, byName };
}

/** The member a row means: by WOM ID, else by name (current or WOM name), never by a guess. */
function matchRow(row: ImportRow, directory: Directory): { member: ImportTarget } | { error: string } {
  const womId = (row.cells[WOM_ID_COLUMN] ?? '').trim();
  const name = unescapeCell((row.cells[NAME_COLUMN] ?? '').trim());
  if (womId !== '') {
    if (!/^[1-9]\d{0,9}$/.test(womId)) return { error: `'${womId}' is not a WOM ID` };
    const member = directory.byId.get(womId);
    return member ? { member } : { error: `No member has WOM ID ${womId}` };
  }
  if (name === '') return { error: 'The row has neither a WOM ID nor a name' };
  const found = directory.byName.get(normaliseRsn(name)) ?? [];
  if (found.length === 1 && found[0]) return { member: found[0] };
  return found.length === 0
    ? { error: `No member is named '${name}'` }
    : { error: `Several members are named '${name}': give the WOM ID` };
}

function changedFields(member: ImportTarget, values: FieldValues): MemberImportChange['fields'] {
  const fields: MemberImportChange['fields'] = {};
  for (const { field } of COLUMNS) {
    const after = values[field];
    if (after !== undefined && after !== member[field]) fields[field] = [member[field], after];
  }
  return fields;
}

/**
 * What importing the rows would change, member by member, and every row's problem with its line.
 * Members are the site's members not deleted; a member listed twice is a problem on the later line.
 */
export function planMemberImport(rows: readonly ImportRow[], members: readonly ImportTarget[]): ImportPlan {
  const directory = directoryOf(members);
  const seen = new Map<string, number>();
  const changes: MemberImportChange[] = [];
  const errors: ImportError[] = [];
  for (const row of rows) {
    const match = matchRow(row, directory);
    if ('error' in match) {
      errors.push({ line: row.line, message: match.error });
      continue;
    }
    const { member } = match;
    const firstLine = seen.get(member.wom_id);
    if (firstLine !== undefined) {
      errors.push({ line: row.line, message: `${member.name} is already listed on line ${firstLine}` });
      continue;
    }
    seen.set(member.wom_id, row.line);
    const read = readValues(row);
    if ('error' in read) {
      errors.push({ line: row.line, message: read.error });
      continue;
    }
    const fields = changedFields(member, read.values);
    if (Object.keys(fields).length > 0) changes.push({ wom_id: member.wom_id, name: member.name, fields });
  }
  return { changes, errors };
}
