import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RankRoles, RankRolesInput, Reconcile } from '#core/discord/discord-home.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { discordQueryKey } from './discord-routes.ts';

export const rankRolesQueryKey = [...discordQueryKey, 'rank-roles'] as const;

/** The rank-to-role map, the keys it can map, the server's roles and the queue of role changes. */
export function useRankRoles() {
  return useQuery(
    queryOptions({
      queryKey: rankRolesQueryKey,
      queryFn: () => api.get<RankRoles>('/api/admin/discord/rank-roles'),
    }),
  );
}

/** A change to the map or to members' roles: the queue's count is read again. */
function useRoleMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rankRolesQueryKey }),
  });
}

/** Saves the whole map; a key left out has no role. */
export const useSaveRankRoles = () =>
  useRoleMutation((input: RankRolesInput) =>
    api.put<Pick<RankRoles, 'roles'>>('/api/admin/discord/rank-roles', input),
  );

/** Compares every linked member's roles with their rank's: a dry run only lists what would change. */
export const useReconcileRoles = () =>
  useRoleMutation((dryRun: boolean) =>
    api.post<Reconcile>('/api/admin/discord/rank-roles/reconcile', { dry_run: dryRun }),
  );

/** Registers the bot's slash commands on the clan's server; the answer names them. */
export function useRegisterCommands() {
  return useMutation({
    mutationFn: () => api.post<{ registered: string[] }>('/api/admin/discord/commands'),
  });
}
