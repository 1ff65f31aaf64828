import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '#core/discord/discord-home.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const authProvidersQueryKey = ['auth', 'providers'] as const;

/** Which sign-ins the sign-in page offers besides the password; an admin rarely changes it. */
export function useAuthProviders() {
  return useQuery(
    queryOptions({
      queryKey: authProvidersQueryKey,
      queryFn: () => api.get<AuthProviders>('/api/auth/providers'),
      refetchInterval: false,
    }),
  );
}
