import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LootBoard } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getLootBoard = () => api.get<LootBoard>('/api/loot-board');

export const getLootBoardQueryOptions = () =>
  queryOptions({ queryKey: ['loot-board'], queryFn: getLootBoard });

/** The current season's total value of drops per member, highest first. */
export function useLootBoard() {
  return useQuery(getLootBoardQueryOptions());
}
