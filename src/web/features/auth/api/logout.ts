import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

export const logout = () => api.post<null>('/api/auth/logout');

/**
 * Goes home, then signs out and forgets every cached response, so nothing of the session stays on
 * screen: a page that needs the session (the dashboard, the profile) would otherwise see it end,
 * send the visitor to /login and ask the server for data it now refuses. A plain promise, not
 * useMutation: the navbar is on every first page, and with useMutation there the bundler moved the
 * API and query clients out of the first page's chunk, which cost about 1.5 KB as sent.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    navigate(paths.home);
    logout().then(
      () => queryClient.resetQueries(),
      // A failed request leaves the session and the cached sign-in as they were: Log out shows again.
      () => undefined,
    );
  };
}
