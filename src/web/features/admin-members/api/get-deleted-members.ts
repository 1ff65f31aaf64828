import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getDeletedMembers = () => api.get<AdminMember[]>('/api/admin/members/deleted');

export const deletedMembersQueryKey = ['admin', 'members', 'deleted'] as const;

/** Soft-deleted members, most recently deleted first, for /admin/members/deleted. */
export function useDeletedMembers() {
  return useQuery(queryOptions({ queryKey: deletedMembersQueryKey, queryFn: getDeletedMembers }));
}
