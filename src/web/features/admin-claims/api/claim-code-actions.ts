import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCode } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { claimCodesQueryKey } from './get-claim-codes.ts';

/** A code for a member; without `expires_at` the server makes it valid for 7 days. */
export const createClaimCode = (input: { wom_id: string; expires_at: string | null }) =>
  api.post<ClaimCode>('/api/admin/claim-codes', input);

export const revokeClaimCode = (id: number) => api.delete<null>(`/api/admin/claim-codes/${id}`);

function useClaimCodeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: claimCodesQueryKey }),
  });
}

export const useCreateClaimCode = () => useClaimCodeMutation(createClaimCode);
export const useRevokeClaimCode = () => useClaimCodeMutation(revokeClaimCode);
