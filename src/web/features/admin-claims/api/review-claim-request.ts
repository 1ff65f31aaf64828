import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminClaimRequestsQueryKey } from './get-claim-requests.ts';

export type ReviewStatus = 'approved' | 'denied';

export const reviewClaimRequest = ({
  id,
  status,
  adminNotes,
}: {
  id: number;
  status: ReviewStatus;
  adminNotes: string;
}) => api.patch<ClaimRequest>(`/api/admin/claim-requests/${id}`, { status, admin_notes: adminNotes });

/**
 * Approves or denies a pending request. An approval claims the member, which changes the roster's
 * claimed flag and the user's own request list, so those load again too.
 */
export function useReviewClaimRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewClaimRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminClaimRequestsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['claim-requests'] });
    },
  });
}
