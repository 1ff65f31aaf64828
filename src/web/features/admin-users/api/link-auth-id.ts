import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#core/users/users.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { storeAdminUser } from './get-users.ts';

/** Links a user to an external sign-in id (a UUID), or unlinks them with null. */
export const linkAuthId = ({ userId, authId }: { userId: number; authId: string | null }) =>
  api.post<User>(`/api/admin/users/${userId}/auth-id`, { supabase_auth_id: authId });

export function useLinkAuthId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkAuthId,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
