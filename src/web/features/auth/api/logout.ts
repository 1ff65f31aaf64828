import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const logout = () => api.post('/api/auth/logout', z.null());

/** Signs out and forgets every cached response, so nothing of the session stays on screen. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => queryClient.resetQueries(),
  });
}
