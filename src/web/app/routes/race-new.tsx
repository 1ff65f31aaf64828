import { LoadingState } from '../../components/states.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useMembers } from '../../features/members/api/get-members.ts';
import { RaceEditor } from '../../features/races/components/race-editor.tsx';

/** /races/new: a signed-in user creates a race between clan members. */
export function Component() {
  const me = useMe();
  const members = useMembers();
  if (me.isPending) return <LoadingState />;
  return <RaceEditor user={me.data?.user ?? null} members={members} />;
}
