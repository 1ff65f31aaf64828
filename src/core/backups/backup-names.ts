/**
 * How backups in the backup folder are named: `<prefix>-<UTC time>.<extension>`, where the prefix is
 * the SQLite file's name or the PostgreSQL database's, e.g. `clan-2026-11-24T18-33-53Z.db` (SQLite),
 * `.dump` (pg_dump) or `.jsonl.gz` (PostgreSQL's logical export, without pg_dump). The time
 * sorts as text and has no colon, which some file systems refuse; the listing, the retention and the
 * download all read a backup's time from its name alone.
 */
export const BACKUP_EXTENSIONS = ['db', 'dump', 'jsonl.gz'] as const;
export type BackupExtension = (typeof BACKUP_EXTENSIONS)[number];

/** `2026-11-24T18-33-53Z`. */
export function fileTimestamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export function backupName(prefix: string, at: Date, extension: BackupExtension): string {
  return `${prefix}-${fileTimestamp(at)}.${extension}`;
}

const TIMESTAMPED = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(.+)$/;

/** When the backup named `name` of the database `prefix` was taken; null for any other file. */
export function parseBackupName(name: string, prefix: string): { at: Date } | null {
  if (!name.startsWith(`${prefix}-`)) return null;
  const match = TIMESTAMPED.exec(name.slice(prefix.length + 1));
  if (!match || !(BACKUP_EXTENSIONS as readonly string[]).includes(match[5]!)) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : { at };
}
