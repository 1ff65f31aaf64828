import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GoalsPage } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';

/** Every goal list in the cache starts with this key, so a change to one goal refreshes them all. */
export const goalsQueryKey = ['user-goals'] as const;

export const myGoalsQueryKey = [...goalsQueryKey, 'mine'] as const;

/** One page of the user's goals, newest first; only one character's when `womId` is set. */
export const getMyGoals = (cursor?: string, womId?: string) =>
  api.get<GoalsPage>('/api/user-goals', { scope: 'mine', wom_id: womId, cursor });

/** The signed-in user's goals, private ones too, brought up to date by the server as they load. */
export function useMyGoals() {
  return useInfiniteQuery(pagedListOptions(myGoalsQueryKey, (cursor) => getMyGoals(cursor)));
}

export const characterGoalsQueryKey = (womId: string) => [...myGoalsQueryKey, 'character', womId] as const;

/** The newest page of one of the user's characters' goals. */
export function useCharacterGoals(womId: string) {
  return useQuery(
    queryOptions({ queryKey: characterGoalsQueryKey(womId), queryFn: () => getMyGoals(undefined, womId) }),
  );
}
