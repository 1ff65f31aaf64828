import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { womCompetitionSchema } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getCompetitions = () => api.get('/api/wom-competitions', z.array(womCompetitionSchema));

/** Only prefetched for now (spec §7); no page shows competitions yet. */
export const getCompetitionsQueryOptions = () =>
  queryOptions({ queryKey: ['wom-competitions'], queryFn: getCompetitions });
