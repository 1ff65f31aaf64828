import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const logout = () => api.post<null>('/api/auth/logout');

/** Signs out and forgets every cached response, so nothing of the session stays on screen. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => queryClient.resetQueries(),
  });
}
