import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { redeemResultSchema } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { myCharactersQueryKey } from './get-my-characters.ts';

type RedeemResult = z.infer<typeof redeemResultSchema>;

export const redeemClaimCode = (code: string) => api.post<RedeemResult>('/api/claims/redeem', { code });

/** Claims the character a code names; the new character joins the user's list. */
export function useRedeemClaimCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemClaimCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCharactersQueryKey }),
  });
}
