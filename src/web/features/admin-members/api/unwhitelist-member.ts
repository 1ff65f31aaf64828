import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { storeAdminMember } from './get-admin-members.ts';

/** Takes a member off the player-watch whitelist; the reason goes to the audit log. */
export const unwhitelistMember = ({ womId, reason }: { womId: string; reason: string }) =>
  api.post<AdminMember>(`/api/admin/members/${encodeURIComponent(womId)}/unwhitelist`, { reason });

/** The member as saved goes straight into the admin list, so a reported one is an alert again at once. */
export function useUnwhitelistMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unwhitelistMember,
    onSuccess: (member) => storeAdminMember(queryClient, member),
  });
}
