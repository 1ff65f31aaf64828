import { useMutation } from '@tanstack/react-query';
import type { FirstPasswordInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Gives an account made by Discord sign-in its first password. The server refuses (409) once the
 * account has one: that one is changed with the current password instead.
 */
export const setFirstPassword = (input: FirstPasswordInput) =>
  api.post<null>('/api/auth/password/first', input);

export function useSetFirstPassword() {
  return useMutation({ mutationFn: setFirstPassword });
}
