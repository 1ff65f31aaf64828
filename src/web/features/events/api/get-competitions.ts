import { queryOptions } from '@tanstack/react-query';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getCompetitions = () => api.get<WomCompetitionItem[]>('/api/wom-competitions');

/** Prefetched when the browser is idle (spec §7); the events page shows linked competitions' standings. */
export const getCompetitionsQueryOptions = () =>
  queryOptions({ queryKey: ['wom-competitions'], queryFn: getCompetitions });
