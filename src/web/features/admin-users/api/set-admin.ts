import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './get-users.ts';

export const setAdmin = ({ userId, isAdmin }: { userId: number; isAdmin: boolean }) =>
  api.post<AdminUser>(`/api/admin/users/${userId}/admin`, { is_admin: isAdmin });

/** Grants or revokes a user's admin flag; the saved user replaces theirs in the list. */
export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSuccess: (user) =>
      queryClient.setQueryData<AdminUser[]>(adminUsersQueryKey, (users) =>
        users?.map((listed) => (listed.id === user.id ? user : listed)),
      ),
  });
}
