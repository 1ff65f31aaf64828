import { queryOptions } from '@tanstack/react-query';
import type { WomGroup } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getWomGroup = () => api.get<WomGroup>('/api/wom-group');

/** Prefetched first (spec §7); pages that show group facts read it from the cache. */
export const getWomGroupQueryOptions = () => queryOptions({ queryKey: ['wom-group'], queryFn: getWomGroup });
