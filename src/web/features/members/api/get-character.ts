import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getCharacter = (womId: string) =>
  api.get<CharacterPage>(`/api/members/${encodeURIComponent(womId)}`);

export const characterQueryKey = (womId: string) => ['members', 'character', womId] as const;

/** One member's page: rank, stats, seasons, wins, public goals and races, and a year of history. */
export function useCharacter(womId: string) {
  return useQuery(queryOptions({ queryKey: characterQueryKey(womId), queryFn: () => getCharacter(womId) }));
}
