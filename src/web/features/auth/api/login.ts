import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type LoginInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getMeQueryOptions } from './get-me.ts';

export const login = (input: LoginInput) => api.post('/api/auth/login', meResponseSchema, input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(getMeQueryOptions().queryKey, me),
  });
}
