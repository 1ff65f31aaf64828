import { useParams } from 'wouter';
import { QueryState } from '../../components/query-state.tsx';
import { LoadingState } from '../../components/states.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useMembers } from '../../features/members/api/get-members.ts';
import { useRace } from '../../features/races/api/get-races.ts';
import { MissingNotice } from '../../features/races/components/missing-notice.tsx';
import { RaceEditor } from '../../features/races/components/race-editor.tsx';

/** /races/:id/edit: the race's creator changes it; anyone else is told only the creator may. */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const me = useMe();
  const members = useMembers();
  const race = useRace(Number(id));
  if (race.error instanceof ApiError && race.error.status === 404) {
    return <MissingNotice message={race.error.message} />;
  }
  if (me.isPending) return <LoadingState />;
  return (
    <QueryState query={race} loadingLabel="Loading race..." errorTitle="Error Loading Race">
      {(detail) => <RaceEditor race={detail} user={me.data?.user ?? null} members={members} />}
    </QueryState>
  );
}
