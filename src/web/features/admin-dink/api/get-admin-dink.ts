import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDink } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const adminDinkQueryKey = ['admin', 'dink'] as const;

/** The thresholds, the screenshot storage and who has Dink connected. */
export function useAdminDink() {
  return useQuery(
    queryOptions({
      queryKey: adminDinkQueryKey,
      queryFn: () => api.get<AdminDink>('/api/admin/dink'),
    }),
  );
}
