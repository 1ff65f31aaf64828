import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { publicMemberSchema } from '#core/members/members.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getMembers = () => api.get('/api/members', z.array(publicMemberSchema));

export const getMembersQueryOptions = () => queryOptions({ queryKey: ['members'], queryFn: getMembers });

/** The visible roster, sorted by the server: admin titles first, then clan XP gained. */
export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
