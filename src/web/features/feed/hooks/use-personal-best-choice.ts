import { useCallback, useMemo } from 'react';
import { useSearchParams, useSetSearchParams } from '../../../lib/use-search-param.ts';
import type { PersonalBestChoice } from '../api/get-personal-bests.ts';

const TEAM_SIZE = /^[1-9]\d?$|^100$/;

/**
 * The board chosen, kept in the URL (`?boss=Zulrah&team_size=1`). Choosing another boss forgets the
 * team size, so the new boss opens on a size it has.
 */
export function usePersonalBestChoice(): [PersonalBestChoice, (choice: PersonalBestChoice) => void] {
  const params = useSearchParams();
  const setParams = useSetSearchParams();
  const boss = params.get('boss')?.trim() ?? '';
  const teamSize = params.get('team_size') ?? '';
  const choice = useMemo<PersonalBestChoice>(
    () => ({
      boss: boss === '' ? undefined : boss,
      team_size: TEAM_SIZE.test(teamSize) ? Number(teamSize) : undefined,
    }),
    [boss, teamSize],
  );
  const setChoice = useCallback(
    (next: PersonalBestChoice) =>
      setParams({
        boss: next.boss ?? '',
        team_size: next.team_size === undefined ? '' : String(next.team_size),
      }),
    [setParams],
  );
  return [choice, setChoice];
}
