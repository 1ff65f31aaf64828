import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembersImportResult } from '#core/members/members-import.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminMembersQueryKey } from './get-admin-members.ts';

export const IMPORT_PATH = '/api/admin/members/import';

/** What the CSV would change (dry run), with every problem by line; nothing is written. */
export const previewImport = (csv: string) =>
  api.post<MembersImportResult>(IMPORT_PATH, { csv, dry_run: true });

/** Applies the CSV in one transaction; a CSV with any problem is refused whole (422). */
export const applyImport = (csv: string) =>
  api.post<MembersImportResult>(IMPORT_PATH, { csv, dry_run: false });

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyImport,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMembersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['leaderboards'] });
    },
  });
}
