import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDink, DinkThresholds } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminDinkQueryKey } from './get-admin-dink.ts';

/** Saves what makes a moment notable; the tab's data takes the thresholds the server kept. */
export function useSaveDinkThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: DinkThresholds) =>
      api.put<DinkThresholds>('/api/admin/dink/settings', thresholds),
    onSuccess: (saved) =>
      queryClient.setQueryData<AdminDink>(adminDinkQueryKey, (dink) =>
        dink ? { ...dink, thresholds: saved } : dink,
      ),
  });
}
