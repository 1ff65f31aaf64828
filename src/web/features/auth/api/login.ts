import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type LoginInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from './get-me.ts';

/**
 * The sign-in page loads zod for its form anyway, so it also checks the answer: a success that is not
 * a session user is a failed sign-in, not a broken page.
 */
export const login = async (input: LoginInput) =>
  meResponseSchema.parse(await api.post<unknown>('/api/auth/login', input));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(getMeQueryOptions().queryKey, me),
  });
}
