import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './backup.ts';

/**
 * The logical export of a PostgreSQL database, for a site without pg_dump: gzipped JSON lines.
 *
 *   {"format":"clan-site/postgres-export","version":1,"migrations":[...],"taken_at":...,"tables":[...]}
 *   {"table":"users","columns":["id","username",...]}
 *   ["1","ann",...]                       one line a row: each value as PostgreSQL writes it as text
 *   {"end":"users","rows":12}
 *   ...                                   every table, each after the tables it references
 *   {"rows":{"users":12,...}}             written last: a file without it was cut short
 *
 * Values as text go back through each column's own input function, so every type (timestamps to
 * the microsecond, bigint, jsonb, bytea) comes back exactly.
 */
export const EXPORT_FORMAT = 'clan-site/postgres-export';
const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** The migrations applied to the exported database, in order: its schema. */
  migrations: string[];
  taken_at: string;
  /** Every table, each after the tables it references. */
  tables: string[];
}

export type ExportValue = string | null;

export interface ExportTable {
  table: string;
  columns: string[];
}

/** Rows handed on at a time: few enough that memory stays flat for any size of database. */
export const ROWS_PER_BATCH = 500;

export function exportHeader(migrations: string[], takenAt: Date, tables: string[]): ExportHeader {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    migrations,
    taken_at: takenAt.toISOString(),
    tables,
  };
}

export interface ExportWriter {
  write(line: object): Promise<void>;
  /** Ends the file and waits until every byte is in it. */
  close(): Promise<void>;
}

/** Writes lines through gzip into `path`, waiting whenever gzip is behind, so memory stays flat. */
export function openExportWriter(path: string): ExportWriter {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path, { flags: 'wx' }));
  // A failed write rejects `written`; until then the writer waits on drain, and close reports it.
  written.catch(() => undefined);
  return {
    async write(line) {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) {
        await Promise.race([once(gzip, 'drain'), written]);
      }
    },
    async close() {
      gzip.end();
      await written;
    },
  };
}

/** The lines of a gzipped text file, read as the consumer takes them. */
async function* linesOf(path: string): AsyncGenerator<string> {
  const text = createReadStream(path).pipe(createGunzip()).setEncoding('utf8');
  let carried = '';
  for await (const chunk of text as AsyncIterable<string>) {
    const lines = (carried + chunk).split('\n');
    carried = lines.pop() ?? '';
    yield* lines;
  }
  if (carried !== '') yield carried;
}

function parse(line: string, label: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`${label} is damaged: a line is not JSON.`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function asHeader(line: unknown, label: string): ExportHeader {
  if (!isRecord(line) || line.format !== EXPORT_FORMAT) {
    throw new BackupError(`${label} is not a logical export of this app.`);
  }
  if (line.version !== EXPORT_VERSION) {
    throw new BackupError(`${label} is an export of another version (${String(line.version)}) of this app.`);
  }
  if (!isStrings(line.migrations) || !isStrings(line.tables) || typeof line.taken_at !== 'string') {
    throw new BackupError(`${label} is damaged: its first line is incomplete.`);
  }
  return line as unknown as ExportHeader;
}

/** The first line of an export, read without the rest: what it holds, before anything is changed. */
export async function readExportHeader(path: string): Promise<ExportHeader> {
  try {
    for await (const text of linesOf(path)) {
      if (text !== '') return asHeader(parse(text, path), path);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  throw new BackupError(`${path} is empty.`);
}

export interface ExportVisitor {
  /** Called with the header before anything else is read; may refuse the file by throwing. */
  header?(header: ExportHeader): Promise<void>;
  /** Called with each table's rows, in batches of up to ROWS_PER_BATCH, in the file's order. */
  rows?(table: ExportTable, rows: ExportValue[][]): Promise<void>;
}

export interface ExportContents {
  header: ExportHeader;
  /** Rows counted per table, equal to what the file says it holds. */
  rows: Record<string, number>;
}

/**
 * Reads an export from start to end, checking its shape as it goes: every table of the header in
 * its order, every row as wide as its columns, each table's count and the final line's counts equal
 * to the rows read. A file cut short or changed fails with what is wrong with it.
 */
export async function readExport(path: string, visitor: ExportVisitor = {}): Promise<ExportContents> {
  const label = path;
  const damaged = (what: string) => new BackupError(`${label} is damaged: ${what}.`);
  const lines = linesOf(path);
  let header: ExportHeader | null = null;
  let table: ExportTable | null = null;
  let batch: ExportValue[][] = [];
  let counted = 0;
  const rows: Record<string, number> = {};
  let finished = false;
  const flush = async () => {
    if (table && batch.length > 0) await visitor.rows?.(table, batch);
    batch = [];
  };
  try {
    for await (const text of lines) {
      if (text === '') continue;
      const line = parse(text, label);
      if (finished) throw damaged('there are lines after its last');
      if (header === null) {
        header = asHeader(line, label);
        await visitor.header?.(header);
        continue;
      }
      if (Array.isArray(line)) {
        if (!table) throw damaged('a row comes before its table');
        if (line.length !== table.columns.length || !line.every((v) => v === null || typeof v === 'string')) {
          throw damaged(`a row of ${table.table} does not fit its columns`);
        }
        batch.push(line as ExportValue[]);
        counted += 1;
        if (batch.length >= ROWS_PER_BATCH) await flush();
      } else if (isRecord(line) && typeof line.table === 'string' && isStrings(line.columns)) {
        const expected = header.tables[Object.keys(rows).length];
        if (table || line.table !== expected) throw damaged(`table ${line.table} is out of place`);
        table = { table: line.table, columns: line.columns };
        counted = 0;
      } else if (isRecord(line) && typeof line.end === 'string') {
        if (!table || line.end !== table.table) throw damaged(`the end of ${line.end} is out of place`);
        if (line.rows !== counted)
          throw damaged(`${table.table} holds ${counted} rows, not ${String(line.rows)}`);
        await flush();
        rows[table.table] = counted;
        table = null;
      } else if (isRecord(line) && isRecord(line.rows)) {
        if (table || Object.keys(rows).length !== header.tables.length) throw damaged('tables are missing');
        if (JSON.stringify(line.rows) !== JSON.stringify(rows)) throw damaged('its row counts do not add up');
        finished = true;
      } else {
        throw damaged('a line is not part of an export');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${label} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (header === null) throw new BackupError(`${label} is empty.`);
  if (!finished) throw damaged('it ends before its last line');
  return { header, rows };
}
