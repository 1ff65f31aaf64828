import { closeSync, openSync, readSync } from 'node:fs';

export type BackupFormat = 'sqlite' | 'pg_dump' | 'postgres_export' | 'unknown';

/** What a backup file is, by its first bytes rather than its name, which a person may have changed. */
export function backupFormat(path: string): BackupFormat {
  const head = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  // gzip's magic number: the logical export (postgres-export-file.ts), whose first line says more.
  if (head[0] === 0x1f && head[1] === 0x8b) return 'postgres_export';
  return 'unknown';
}
