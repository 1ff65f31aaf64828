import { PageHeader } from '../../components/page-header.tsx';
import { MembersRoster } from '../../features/members/components/members-roster.tsx';
import { useOwnCharacterIds } from '../own-characters.ts';

export function Component() {
  const own = useOwnCharacterIds();
  return (
    <>
      <PageHeader title="Members">
        Everyone in the clan, staff first and then by XP gained since joining. Select a row for details, or a
        name for the member's page.
      </PageHeader>
      <MembersRoster own={own} />
    </>
  );
}
