import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyDiscord } from '#core/discord/discord-home.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const myDiscordQueryKey = ['me', 'discord'] as const;

/** The signed-in user's Discord link, and whether the site can link one at all. */
export function useMyDiscord() {
  return useQuery(
    queryOptions({
      queryKey: myDiscordQueryKey,
      queryFn: () => api.get<MyDiscord>('/api/me/discord'),
    }),
  );
}

/** Lets news about the user mention (ping) them on Discord, or not; the panel takes the answer. */
export function useSetDiscordMentions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mentionOptIn: boolean) =>
      api.put<MyDiscord>('/api/me/discord', { mention_opt_in: mentionOptIn }),
    onSuccess: (saved) => queryClient.setQueryData(myDiscordQueryKey, saved),
  });
}

/**
 * Unlinks Discord. The server refuses (409) for an account with no password, which could not sign
 * in again. The panel shows the unlinked state at once, then reads the link again: only the server
 * knows whether linking is still possible.
 */
export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/api/me/discord'),
    onSuccess: () => {
      queryClient.setQueryData<MyDiscord>(myDiscordQueryKey, (mine) => mine && { ...mine, linked: null });
      return queryClient.invalidateQueries({ queryKey: myDiscordQueryKey });
    },
  });
}
