import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type RegisterInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from './get-me.ts';

/** Creates the account; the server signs the new user in, so the answer is the session's user. */
export const register = async (input: RegisterInput) =>
  meResponseSchema.parse(await api.post<unknown>('/api/auth/register', input));

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (me) => queryClient.setQueryData(getMeQueryOptions().queryKey, me),
  });
}
