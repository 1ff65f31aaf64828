import { useMutation } from '@tanstack/react-query';
import type { ConnectionCheck } from '#core/sync/connection-check.ts';
import { api } from '../../../lib/api-client.ts';

export const checkConnection = () => api.post<ConnectionCheck>('/api/admin/sync/check');

/** 'Check connection': asks WOM for everything the sync reads and shows what came back. */
export function useCheckConnection() {
  return useMutation({ mutationFn: checkConnection });
}
