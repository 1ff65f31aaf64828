import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type PasswordResetInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from './get-me.ts';

/** Sets a new password through an admin's one-time link; the server opens a new session for the user. */
export const resetPassword = async (input: PasswordResetInput) =>
  meResponseSchema.parse(await api.post<unknown>('/api/auth/password-reset', input));

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (me) => queryClient.setQueryData(getMeQueryOptions().queryKey, me),
  });
}
