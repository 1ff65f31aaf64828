import { useLocation } from 'wouter';
import type { PublicMember } from '#core/members/members.schema.ts';
import { RACE_MESSAGES, type Race } from '#core/races/races.schema.ts';
import { paths, pathTo } from '#core/site/pages.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { QueryResultView } from '../../../components/query-state.tsx';
import { RaceForm, type RacePlayer } from './race-form.tsx';
import { SignInNotice } from '../../../components/sign-in-notice.tsx';

/** The clan's members by name: the players a race may include. */
function racePlayers(members: readonly PublicMember[]): RacePlayer[] {
  return members.map(({ wom_id, name }) => ({ wom_id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A page holding the race form: a new race, or `race` to edit. Only a signed-in user may make a race,
 * and only its creator may change one (the server refuses anyone else with the same message); once
 * saved, the race's own page opens.
 */
export function RaceEditor({
  race,
  user,
  members,
}: {
  race?: Race;
  user: SessionUser | null;
  /** The clan's roster, the players to choose from. */
  members: QueryResultView<PublicMember[]>;
}) {
  const [, navigate] = useLocation();
  const title = race ? 'Edit Race' : 'Create Race';
  if (!user)
    return <SignInNotice title="Please Log In" message="Sign in to create and edit races." offerRegister />;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title}>
        Each participant starts from their value when the race is created; progress is measured from there to
        the target.
      </PageHeader>
      {race && race.creator_id !== user.id ? (
        <FormAlert>{RACE_MESSAGES.onlyCreator}</FormAlert>
      ) : (
        <div className="rounded-lg border border-stone-800 bg-stone-900 p-6">
          <QueryState query={members} loadingLabel="Loading players..." errorTitle="Error Loading Players">
            {(list) => (
              <RaceForm
                race={race}
                players={racePlayers(list)}
                onSaved={(saved) => navigate(pathTo(paths.race, saved.id))}
              />
            )}
          </QueryState>
        </div>
      )}
    </div>
  );
}
