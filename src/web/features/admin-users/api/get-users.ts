import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getUsers = () => api.get<User[]>('/api/admin/users');

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** Every account on the site, with its admin flag and external sign-in id. */
export function useAdminUsers() {
  return useQuery(queryOptions({ queryKey: adminUsersQueryKey, queryFn: getUsers }));
}

/** Puts a user the server just saved in place of theirs in the cached list. */
export function storeAdminUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<User[]>(adminUsersQueryKey, (users) =>
    users?.map((listed) => (listed.id === user.id ? user : listed)),
  );
}
