import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Character } from '#core/claims/claims.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getMyCharacters = () => api.get<Character[]>('/api/me/characters');

export const myCharactersQueryKey = ['me', 'characters'] as const;

/** The signed-in user's claimed characters, with their stats. */
export function useMyCharacters() {
  return useQuery(queryOptions({ queryKey: myCharactersQueryKey, queryFn: getMyCharacters }));
}
