import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths.ts';
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

/**
 * Goes home, then signs out: a page that needs the session (the dashboard, the profile) would
 * otherwise see it end, send the visitor to /login and ask the server for data it now refuses.
 */
export function useSignOut(): () => void {
  const logout = useLogout();
  const [, navigate] = useLocation();
  return () => {
    navigate(paths.home);
    logout.mutate();
  };
}
