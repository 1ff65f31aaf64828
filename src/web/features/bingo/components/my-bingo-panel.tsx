import { Link } from 'wouter';
import { pathTo, paths } from '#core/site/pages.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useMyBingo, useSetSignup } from '../api/my-bingo.ts';

/**
 * The signed-in member's place on a board: their team and, once it runs, the codeword their
 * screenshots must show; before it starts, their characters' sign-ups; a referee's way to the queue.
 */
export function MyBingoPanel({ boardId }: { boardId: number }) {
  const mine = useMyBingo(boardId, true);
  const signup = useSetSignup(boardId);
  const data = mine.data;
  if (!data) return null;
  const showSignups = data.signups_open && data.characters.length > 0;
  if (!data.team && !data.referee && !showSignups) return null;
  return (
    <section
      aria-label="Your place on this board"
      className="space-y-2 rounded-lg border border-stone-800 bg-stone-900 p-4 text-sm"
    >
      {data.team && (
        <p className="text-stone-200">
          You play for <strong className="text-gold-300">{data.team.name}</strong>.
        </p>
      )}
      {data.codeword && (
        <p className="text-stone-200">
          Codeword for your screenshots: <strong className="text-gold-300">{data.codeword}</strong>
        </p>
      )}
      {showSignups && (
        <fieldset className="space-y-1">
          <legend className="font-medium text-stone-100">Sign up for this board</legend>
          {data.characters.map((character) => (
            <label key={character.wom_id} className="flex items-center gap-2 text-stone-200">
              <input
                type="checkbox"
                checked={character.signed_up}
                disabled={signup.isPending}
                onChange={(event) =>
                  signup.mutate({ womId: character.wom_id, signedUp: event.target.checked })
                }
              />
              {character.name}
            </label>
          ))}
        </fieldset>
      )}
      {signup.isError && <FormAlert>{signup.error.message}</FormAlert>}
      {data.referee && (
        <p>
          <Link
            to={pathTo(paths.bingoReferee, boardId)}
            className="text-gold-300 underline hover:text-gold-200"
          >
            Open the referee queue
          </Link>
        </p>
      )}
    </section>
  );
}
