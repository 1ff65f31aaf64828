import { z } from 'zod';

/** The Sync tab warns once the newest good backup is older than this (issue 33). */
export const BACKUP_STALE_MS = 2 * 86_400_000;

export const backupSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  taken_at: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

/** `GET /api/admin/backups`: the scheduled backups, newest first, and whether the newest is too old. */
export const backupsSchema = z.object({
  backups: z.array(backupSchema),
  /** No backup, or the newest older than two days. */
  stale: z.boolean(),
});
export type Backups = z.infer<typeof backupsSchema>;

export const backupParamsSchema = z.object({ name: z.string().max(200) });

/** Whether the newest good backup is missing or older than two days at `now`. */
export function isBackupStale(newest: Date | null, now: Date): boolean {
  return newest === null || now.getTime() - newest.getTime() > BACKUP_STALE_MS;
}
