import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { api } from './api-client.ts';

export const getClan = () => api.get<ClanProfile>('/api/clan');

export const getClanQueryOptions = () =>
  queryOptions({ queryKey: ['clan'], queryFn: getClan, staleTime: Infinity });

export function useClan() {
  return useQuery(getClanQueryOptions());
}
