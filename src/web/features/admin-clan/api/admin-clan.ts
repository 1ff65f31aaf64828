import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClan, RanksAnswer } from '#core/clan/admin-clan.schema.ts';
import type { ClanProfileSettings } from '#core/clan/clan-profile.schema.ts';
import type { ClanPoints, RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getClanQueryOptions } from '../../../lib/clan-query.ts';

export const adminClanQueryKey = ['admin', 'clan'] as const;

/** The clan's ladder, points and profile as the Ranks and Clan tabs edit them. */
export function useAdminClan() {
  return useQuery(
    queryOptions({ queryKey: adminClanQueryKey, queryFn: () => api.get<AdminClan>('/api/admin/clan') }),
  );
}

/**
 * After a save the dashboard's copy takes what the server kept, and the public clan answer (the
 * ladder, points and profile every page reads) and the public members (their ranks) are read again.
 * The admin's own member list is the dashboard's to refresh (`onSaved` on the tabs).
 */
function useSaved<T>(apply: (clan: AdminClan, saved: T) => AdminClan) {
  const queryClient = useQueryClient();
  return (saved: T) => {
    queryClient.setQueryData<AdminClan>(adminClanQueryKey, (clan) => (clan ? apply(clan, saved) : clan));
    void queryClient.invalidateQueries({ queryKey: getClanQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['members'] });
  };
}

/** Previews a ladder (what it would propose, which ranks nobody holds) without saving it. */
export function usePreviewLadder() {
  return useMutation({
    mutationFn: (ladder: RankLadder) =>
      api.put<RanksAnswer>('/api/admin/clan/ranks', { ...ladder, dry_run: true }),
  });
}

export function useSaveLadder() {
  const saved = useSaved<{ ladder: RankLadder }>((clan, { ladder }) => ({ ...clan, ranks: ladder }));
  return useMutation({
    mutationFn: async (ladder: RankLadder) => ({
      ladder,
      answer: await api.put<RanksAnswer>('/api/admin/clan/ranks', { ...ladder, dry_run: false }),
    }),
    onSuccess: saved,
  });
}

export function useSavePoints() {
  const saved = useSaved<ClanPoints>((clan, points) => ({ ...clan, points }));
  return useMutation({
    mutationFn: (points: ClanPoints) => api.put<ClanPoints>('/api/admin/clan/points', points),
    onSuccess: saved,
  });
}

export function useSaveProfile() {
  const saved = useSaved<ClanProfileSettings>((clan, profile) => ({ ...clan, profile }));
  return useMutation({
    mutationFn: (profile: Partial<ClanProfileSettings>) =>
      api.put<ClanProfileSettings>('/api/admin/clan/profile', profile),
    onSuccess: saved,
  });
}

export function useSaveWomCode() {
  const saved = useSaved<{ wom_verification_code_set: boolean }>((clan, { wom_verification_code_set }) => ({
    ...clan,
    wom_verification_code_set,
  }));
  return useMutation({
    mutationFn: (code: string | null) =>
      api.put<{ wom_verification_code_set: boolean }>('/api/admin/clan/wom-code', { code }),
    onSuccess: saved,
  });
}
