import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAdminClaimRequests = () => api.get<ClaimRequest[]>('/api/admin/claim-requests');

export const adminClaimRequestsQueryKey = ['admin', 'claim-requests'] as const;

/** Every user's claim requests, newest first, for the admins to review. */
export function useAdminClaimRequests() {
  return useQuery(queryOptions({ queryKey: adminClaimRequestsQueryKey, queryFn: getAdminClaimRequests }));
}
