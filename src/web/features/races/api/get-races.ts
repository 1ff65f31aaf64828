import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Race, RaceDetail } from '#core/races/races.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** Every race query starts with this key, so a change to one race refreshes every list and page. */
export const racesQueryKey = ['races'] as const;

export type RaceScope = 'mine' | 'public';

export const getRaces = (scope: RaceScope) => api.get<Race[]>('/api/races', { scope });

export const racesQueryOptions = (scope: RaceScope) =>
  queryOptions({ queryKey: [...racesQueryKey, scope], queryFn: () => getRaces(scope) });

/** The races the user made or takes part in (`mine`), or every public race. */
export function useRaces(scope: RaceScope, options: { enabled?: boolean } = {}) {
  return useQuery({ ...racesQueryOptions(scope), enabled: options.enabled ?? true });
}

export const getRace = (id: number) => api.get<RaceDetail>(`/api/races/${id}`);

export const raceQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...racesQueryKey, 'detail', id], queryFn: () => getRace(id) });

/** One race with its standings and every value seen per participant. */
export function useRace(id: number) {
  return useQuery(raceQueryOptions(id));
}
