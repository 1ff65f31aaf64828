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

/**
 * `scheduled`: the backup job's, and `npm run backup`'s. `pre-upgrade`: taken before migrations
 * run, marked in its name (`clan-pre-upgrade-<time>.db`) so the retention keeps it by its own rule.
 */
export type BackupKind = 'scheduled' | 'pre-upgrade';

const PRE_UPGRADE = 'pre-upgrade-';

export function backupName(
  prefix: string,
  at: Date,
  extension: BackupExtension,
  kind: BackupKind = 'scheduled',
): string {
  return `${prefix}-${kind === 'pre-upgrade' ? PRE_UPGRADE : ''}${fileTimestamp(at)}.${extension}`;
}

const TIMESTAMPED = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(.+)$/;

/** When and why the backup named `name` of the database `prefix` was taken; null for any other file. */
export function parseBackupName(name: string, prefix: string): { at: Date; kind: BackupKind } | null {
  if (!name.startsWith(`${prefix}-`)) return null;
  const rest = name.slice(prefix.length + 1);
  const kind: BackupKind = rest.startsWith(PRE_UPGRADE) ? 'pre-upgrade' : 'scheduled';
  const match = TIMESTAMPED.exec(kind === 'pre-upgrade' ? rest.slice(PRE_UPGRADE.length) : rest);
  if (!match || !(BACKUP_EXTENSIONS as readonly string[]).includes(match[5]!)) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : { at, kind };
}
