import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getMe = () => api.get<MeResponse>('/api/auth/me');

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, refetchInterval: false });

/** The signed-in user, or null for a visitor. */
export function useMe() {
  return useQuery(getMeQueryOptions());
}
