import { queryOptions } from '@tanstack/react-query';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getCompetitions = () => api.get<WomCompetitionItem[]>('/api/wom-competitions');

/** Only prefetched for now (spec §7); no page shows competitions yet. */
export const getCompetitionsQueryOptions = () =>
  queryOptions({ queryKey: ['wom-competitions'], queryFn: getCompetitions });
