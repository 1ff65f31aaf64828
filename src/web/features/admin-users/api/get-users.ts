import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getUsers = () => api.get<AdminUser[]>('/api/admin/users');

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** Every account on the site, with its admin flag. */
export function useAdminUsers() {
  return useQuery(queryOptions({ queryKey: adminUsersQueryKey, queryFn: getUsers }));
}
