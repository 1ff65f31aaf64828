import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { redeemResultSchema } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { claimRequestsQueryKey } from './get-claim-requests.ts';
import { myCharactersQueryKey } from './get-my-characters.ts';

type RedeemResult = z.infer<typeof redeemResultSchema>;

export const redeemClaimCode = (code: string) => api.post<RedeemResult>('/api/claims/redeem', { code });

/**
 * Claims the character a code names; the new character joins the user's list, and the requests
 * list loads again, since the claim answered the user's own pending request for it (issue 21).
 */
export function useRedeemClaimCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemClaimCode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myCharactersQueryKey }),
        queryClient.invalidateQueries({ queryKey: claimRequestsQueryKey }),
      ]),
  });
}
