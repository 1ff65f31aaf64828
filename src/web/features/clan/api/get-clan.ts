import { queryOptions, useQuery } from '@tanstack/react-query';
import { clanProfileSchema } from '#core/clan/clan.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getClan = () => api.get('/api/clan', clanProfileSchema);

export const getClanQueryOptions = () =>
  queryOptions({ queryKey: ['clan'], queryFn: getClan, staleTime: Infinity });

export function useClan() {
  return useQuery(getClanQueryOptions());
}
