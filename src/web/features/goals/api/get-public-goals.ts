import { useInfiniteQuery } from '@tanstack/react-query';
import type { GoalsPage } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { goalsQueryKey } from './get-my-goals.ts';

export const publicGoalsQueryKey = [...goalsQueryKey, 'public'] as const;

export const getPublicGoals = (cursor?: string) =>
  api.get<GoalsPage>('/api/user-goals', { scope: 'public', cursor });

/** Every member's public goals, newest first, a page at a time: the progress page's Member Goals. */
export function usePublicGoals() {
  return useInfiniteQuery(pagedListOptions(publicGoalsQueryKey, getPublicGoals));
}
