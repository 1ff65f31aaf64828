import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** Which board: without a boss the server shows its first; without a team size, the boss's first. */
export interface PersonalBestChoice {
  boss?: string | undefined;
  team_size?: number | undefined;
}

export const getPersonalBests = (choice: PersonalBestChoice) =>
  api.get<PersonalBestBoard>('/api/personal-bests', { boss: choice.boss, team_size: choice.team_size });

export const getPersonalBestsQueryOptions = (choice: PersonalBestChoice) =>
  queryOptions({
    queryKey: ['personal-bests', choice.boss ?? null, choice.team_size ?? null],
    queryFn: () => getPersonalBests(choice),
  });

/**
 * The board for a boss and team size. While another board loads, the one shown stays (as
 * placeholder data), so the pickers keep their place and the focus instead of a loading line.
 */
export function usePersonalBests(choice: PersonalBestChoice) {
  return useQuery({ ...getPersonalBestsQueryOptions(choice), placeholderData: keepPreviousData });
}
