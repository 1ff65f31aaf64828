import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAdminClaimRequests = () => api.get<ClaimRequest[]>('/api/admin/claim-requests');

export const adminClaimRequestsQueryKey = ['admin', 'claim-requests'] as const;

const getAdminClaimRequestsQueryOptions = () =>
  queryOptions({ queryKey: adminClaimRequestsQueryKey, queryFn: getAdminClaimRequests });

/** Every user's claim requests, newest first, for the admins to review. */
export function useAdminClaimRequests() {
  return useQuery(getAdminClaimRequestsQueryOptions());
}

export const pendingClaimRequests = (requests: readonly ClaimRequest[]) =>
  requests.filter((request) => request.status === 'pending');

/**
 * How many requests wait for a review, for the Claims tab's badge: the same cached list the tab
 * shows, so a review updates the badge at once. 0 until it has loaded (or when it cannot).
 */
export function usePendingClaimRequestCount(): number {
  const { data } = useQuery({
    ...getAdminClaimRequestsQueryOptions(),
    select: (requests) => pendingClaimRequests(requests).length,
  });
  return data ?? 0;
}
