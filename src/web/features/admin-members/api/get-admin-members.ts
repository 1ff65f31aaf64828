import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAdminMembers = () => api.get<AdminMember[]>('/api/admin/members');

export const adminMembersQueryKey = ['admin', 'members'] as const;

export const getAdminMembersQueryOptions = () =>
  queryOptions({ queryKey: adminMembersQueryKey, queryFn: getAdminMembers });

/** Every member not deleted, hidden ones included, as the admin table shows them. */
export function useAdminMembers() {
  return useQuery(getAdminMembersQueryOptions());
}

/**
 * Puts a member the server just returned into the cached list (or takes a deleted one out), so an
 * action on one row does not download the whole clan again. Public pages refetch their own data.
 */
export function storeAdminMember(queryClient: QueryClient, member: AdminMember | { removed: string }): void {
  queryClient.setQueryData<AdminMember[]>(adminMembersQueryKey, (members) => {
    if (!members) return members;
    if ('removed' in member) return members.filter((m) => m.wom_id !== member.removed);
    const index = members.findIndex((m) => m.wom_id === member.wom_id);
    if (index === -1) return [...members, member];
    const next = members.slice();
    next[index] = member;
    return next;
  });
  void queryClient.invalidateQueries({ queryKey: ['members'] });
}
