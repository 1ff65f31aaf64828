import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { deletedMembersQueryKey } from './get-deleted-members.ts';
import { storeAdminMember } from './get-admin-members.ts';

const memberPath = (womId: string) => `/api/admin/members/${encodeURIComponent(womId)}`;

export const addPoints = ({
  womId,
  amount,
  reason,
}: {
  womId: string;
  amount: number;
  reason: string | null;
}) => api.post<AdminMember>(`${memberPath(womId)}/points`, reason === null ? { amount } : { amount, reason });

/** Takes an award back: the server books a reversing entry and answers with the member as saved. */
export const undoPoints = ({ womId, pointId }: { womId: string; pointId: number }) =>
  api.post<AdminMember>(`${memberPath(womId)}/points/${pointId}/undo`);

export const setVisibility = ({ womId, hidden }: { womId: string; hidden: boolean }) =>
  api.post<AdminMember>(`${memberPath(womId)}/visibility`, { hidden });

export const changeRank = ({ womId, role }: { womId: string; role: string }) =>
  api.post<AdminMember>(`${memberPath(womId)}/rank`, { role });

export const whitelistMember = ({ womId, reason }: { womId: string; reason: string }) =>
  api.post<AdminMember>(`${memberPath(womId)}/whitelist`, { reason });

export const deleteMember = (womId: string) => api.delete<null>(memberPath(womId));

export const restoreMember = (womId: string) => api.post<AdminMember>(`${memberPath(womId)}/restore`);

/** A mutation whose answer is the member as saved, put straight into the admin list. */
function useMemberMutation<V>(mutationFn: (variables: V) => Promise<AdminMember>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (member) => storeAdminMember(queryClient, member) });
}

export const useAddPoints = () => useMemberMutation(addPoints);
export const useUndoPoints = () => useMemberMutation(undoPoints);
export const useSetVisibility = () => useMemberMutation(setVisibility);
export const useChangeRank = () => useMemberMutation(changeRank);
export const useWhitelistMember = () => useMemberMutation(whitelistMember);

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_, womId) => {
      storeAdminMember(queryClient, { removed: womId });
      void queryClient.invalidateQueries({ queryKey: deletedMembersQueryKey });
    },
  });
}

export function useRestoreMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreMember,
    onSuccess: (member) => {
      storeAdminMember(queryClient, member);
      void queryClient.invalidateQueries({ queryKey: deletedMembersQueryKey });
    },
  });
}
