import { formatAge } from './format-age.ts';
import { formatBytes } from './format-bytes.ts';
import { siteCommand } from './site-command.ts';

export interface ListedBackup {
  name: string;
  bytes: number;
  at: Date;
}

/** `npm run restore`'s answer without a backup named: the backups in the folder and how to pick one. */
export function backupListing(backups: readonly ListedBackup[], dir: string, now: Date): string {
  if (backups.length === 0) {
    return [
      `There are no backups in ${dir}.`,
      `Restore a backup kept elsewhere with: ${siteCommand('restore', '<path to the file>')}`,
    ].join('\n');
  }
  const width = Math.max(...backups.map((backup) => backup.name.length));
  const rows = backups.map(
    (backup) =>
      `  ${backup.name.padEnd(width)}  ${formatBytes(backup.bytes).padStart(10)}  ${formatAge(now.getTime() - backup.at.getTime())}`,
  );
  return [
    `Backups in ${dir}, newest first:`,
    ...rows,
    '',
    `Restore one with: ${siteCommand('restore', backups[0]!.name)}`,
    '(any name above, or the path of a backup file kept elsewhere)',
  ].join('\n');
}
