import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimCode } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getClaimCodes = () => api.get<ClaimCode[]>('/api/admin/claim-codes');

export const claimCodesQueryKey = ['admin', 'claim-codes'] as const;

/** Every claim code, newest first: used, unused and expired. */
export function useClaimCodes() {
  return useQuery(queryOptions({ queryKey: claimCodesQueryKey, queryFn: getClaimCodes }));
}
