import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClaimRequest, claimRequestInputSchema } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { claimRequestsQueryKey } from './get-claim-requests.ts';

export type ClaimRequestBody = z.output<typeof claimRequestInputSchema>;

export const requestClaim = (body: ClaimRequestBody) => api.post<ClaimRequest>('/api/claim-requests', body);

/** Asks the admins for a character; the pending request joins the user's list. */
export function useRequestClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestClaim,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimRequestsQueryKey }),
  });
}
