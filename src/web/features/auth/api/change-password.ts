import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#core/auth/auth.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** Changes the signed-in user's password; this session stays, the user's other sessions end. */
export const changePassword = (input: ChangePasswordInput) => api.post<null>('/api/auth/password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
