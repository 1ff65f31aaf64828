import type { ReactNode } from 'react';
import type { Character } from '#core/claims/claims.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useMyCharacters } from '../api/get-my-characters.ts';
import { CharacterCard } from './character-card.tsx';

/**
 * The user's claimed characters as cards. The rank's icon and what shows under each card (its goals)
 * come from the page, which knows the roster's icons and the goals; this feature only knows the
 * rank's name.
 */
export function MyCharacters({
  renderRankIcon,
  renderExtras,
}: {
  renderRankIcon: (role: string | null) => ReactNode;
  renderExtras?: (character: Character) => ReactNode;
}) {
  const characters = useMyCharacters();
  return (
    <QueryState query={characters} loadingLabel="Loading characters..." errorTitle="Error Loading Characters">
      {(list) =>
        list.length === 0 ? (
          <EmptyState title="No Characters Yet">
            Claim a character with a code from an admin, or ask the admins for one below.
          </EmptyState>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((character) => (
              <CharacterCard
                key={character.wom_id}
                character={character}
                rankIcon={renderRankIcon(character.womrole)}
              >
                {renderExtras?.(character)}
              </CharacterCard>
            ))}
          </div>
        )
      }
    </QueryState>
  );
}
