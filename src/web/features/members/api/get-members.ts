import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMember } from '#core/members/members.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getMembers = () => api.get<PublicMember[]>('/api/members');

export const getMembersQueryOptions = () => queryOptions({ queryKey: ['members'], queryFn: getMembers });

/** The visible roster, sorted by the server: admin titles first, then clan XP gained. */
export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
