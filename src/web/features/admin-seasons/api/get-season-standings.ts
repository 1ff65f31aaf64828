import { useInfiniteQuery } from '@tanstack/react-query';
import type { StandingsPage } from '#core/seasons/past-seasons.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';

/** One page of a closed season's full standings, from the place after `cursor`. */
export const getSeasonStandings = (seasonId: number, cursor?: string) =>
  api.get<StandingsPage>(`/api/admin/seasons/${seasonId}/standings`, { cursor });

export const seasonStandingsQueryKey = (seasonId: number) =>
  ['admin', 'seasons', 'standings', seasonId] as const;

export const seasonStandingsOptions = (seasonId: number) =>
  pagedListOptions(seasonStandingsQueryKey(seasonId), (cursor) => getSeasonStandings(seasonId, cursor));

/**
 * A season's full standings a page at a time. Read only once shown: the first page is fetched
 * when the admin asks for it (`seasonStandingsOptions` with the query client).
 */
export function useSeasonStandings(seasonId: number, enabled: boolean) {
  return useInfiniteQuery({ ...seasonStandingsOptions(seasonId), enabled });
}
