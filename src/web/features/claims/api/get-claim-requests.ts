import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getClaimRequests = () => api.get<ClaimRequest[]>('/api/claim-requests');

export const claimRequestsQueryKey = ['claim-requests'] as const;

/** The signed-in user's claim requests, newest first. */
export function useClaimRequests() {
  return useQuery(queryOptions({ queryKey: claimRequestsQueryKey, queryFn: getClaimRequests }));
}
