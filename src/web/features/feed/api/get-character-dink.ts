import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharacterDink } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getCharacterDink = (womId: string) =>
  api.get<CharacterDink>('/api/character-dink', { id: womId });

export const getCharacterDinkQueryOptions = (womId: string) =>
  queryOptions({ queryKey: ['character-dink', womId], queryFn: () => getCharacterDink(womId) });

/** A character's collection-log progress, pets and latest public moments, from their Dink. */
export function useCharacterDink(womId: string) {
  return useQuery(getCharacterDinkQueryOptions(womId));
}
