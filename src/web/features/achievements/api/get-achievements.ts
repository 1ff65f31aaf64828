import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WomAchievementItem } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAchievements = (limit: number) =>
  api.get<WomAchievementItem[]>('/api/wom-group-achievements', { limit });

export const getAchievementsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ['wom-group-achievements', limit], queryFn: () => getAchievements(limit) });

/**
 * While a new limit loads, the list already shown stays (as placeholder data), so Show More does not
 * swap the list for a loading line and take the focus away from the button.
 */
export function useAchievements(limit: number) {
  return useQuery({ ...getAchievementsQueryOptions(limit), placeholderData: keepPreviousData });
}
