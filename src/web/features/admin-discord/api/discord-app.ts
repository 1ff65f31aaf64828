import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordApp, DiscordAppInput } from '#core/discord/discord-home.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { discordQueryKey } from './discord-routes.ts';
import { rankRolesQueryKey } from './rank-roles.ts';

const appQueryKey = [...discordQueryKey, 'app'] as const;

/** The Discord application's settings; its secrets only say whether they are set. */
export function useDiscordApp() {
  return useQuery(
    queryOptions({
      queryKey: appQueryKey,
      queryFn: () => api.get<DiscordApp>('/api/admin/discord/app'),
    }),
  );
}

/**
 * Saves the settings sent (omitted ones stay). The server's roles are read with the bot token from
 * the server id, so a save that may have changed either reads them again.
 */
export function useSaveDiscordApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscordAppInput) => api.put<DiscordApp>('/api/admin/discord/app', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(appQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: rankRolesQueryKey });
    },
  });
}
