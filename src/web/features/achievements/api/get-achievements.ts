import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { womAchievementSchema } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getAchievements = (limit: number) =>
  api.get('/api/wom-group-achievements', z.array(womAchievementSchema), { limit });

export const getAchievementsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ['wom-group-achievements', limit], queryFn: () => getAchievements(limit) });

export function useAchievements(limit: number) {
  return useQuery(getAchievementsQueryOptions(limit));
}
