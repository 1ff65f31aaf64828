import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RaceDetail, RacesPage } from '#core/races/races.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';

/** Every race query starts with this key, so a change to one race refreshes every list and page. */
export const racesQueryKey = ['races'] as const;

export type RaceScope = 'mine' | 'public';

/** One page of races, newest first: the first without a cursor, the next from the last's `next_cursor`. */
export const getRaces = (scope: RaceScope, cursor?: string) =>
  api.get<RacesPage>('/api/races', { scope, cursor });

export const racesQueryOptions = (scope: RaceScope) =>
  pagedListOptions([...racesQueryKey, scope], (cursor) => getRaces(scope, cursor));

/** The races the user made or takes part in (`mine`), or every public race, a page at a time. */
export function useRaces(scope: RaceScope, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...racesQueryOptions(scope), enabled: options.enabled ?? true });
}

export const getRace = (id: number) => api.get<RaceDetail>(`/api/races/${id}`);

export const raceQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...racesQueryKey, 'detail', id], queryFn: () => getRace(id) });

/** One race with its standings and every value seen per participant. */
export function useRace(id: number) {
  return useQuery(raceQueryOptions(id));
}
