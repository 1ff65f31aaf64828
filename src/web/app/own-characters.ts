import { useQuery } from '@tanstack/react-query';
import { useMe } from '../features/auth/api/get-me.ts';
import { getMyCharacters, myCharactersQueryKey } from '../features/claims/api/get-my-characters.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The WOM ids of the characters the signed-in user has claimed; empty for a visitor, who is never
 * asked for them (the server would answer 401).
 */
export function useOwnCharacterIds(): ReadonlySet<string> {
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const characters = useQuery({
    queryKey: myCharactersQueryKey,
    queryFn: getMyCharacters,
    enabled: signedIn,
    select: (list) => new Set(list.map((character) => character.wom_id)),
  });
  return signedIn ? (characters.data ?? NONE) : NONE;
}
