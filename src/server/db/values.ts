import type { SqlBool } from 'kysely';

/** SQLite returns 0/1 for booleans, PostgreSQL true/false. */
export function toBool(value: SqlBool): boolean {
  return value === true || value === 1;
}

export function readJson<T = unknown>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function writeJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
