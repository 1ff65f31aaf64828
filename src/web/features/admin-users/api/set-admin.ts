import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { storeAdminUser } from './get-users.ts';

export const setAdmin = ({ userId, isAdmin }: { userId: number; isAdmin: boolean }) =>
  api.post<User>(`/api/admin/users/${userId}/admin`, { is_admin: isAdmin });

/** Grants or revokes a user's admin flag; the saved user replaces theirs in the list. */
export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
