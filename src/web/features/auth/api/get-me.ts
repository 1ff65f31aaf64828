import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getMe = () => api.get('/api/auth/me', meResponseSchema);

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, refetchInterval: false });

/** The signed-in user, or null for a visitor. */
export function useMe() {
  return useQuery(getMeQueryOptions());
}
