import { useQuery } from '@tanstack/react-query';
import type { Backups } from '#core/backups/backups.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const backupsQueryKey = ['admin', 'backups'] as const;

/** The scheduled backups, newest first, and whether the newest is too old. */
export function useBackups() {
  return useQuery({ queryKey: backupsQueryKey, queryFn: () => api.get<Backups>('/api/admin/backups') });
}

/** Where a backup downloads from: a plain link, so the browser saves the file itself. */
export const backupDownloadPath = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
