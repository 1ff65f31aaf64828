import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const EXPORT_PATH = '/api/admin/members/export.csv';

/** The server's CSV of every member (hidden ones included), its file name and row count. */
export async function exportMembers(): Promise<{ blob: Blob; filename: string; count: number }> {
  const { blob, headers } = await api.download(EXPORT_PATH);
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'siege-members.csv';
  return { blob, filename, count: Number(headers.get('x-member-count') ?? 0) };
}

export function useExportMembers() {
  return useMutation({ mutationFn: exportMembers });
}
