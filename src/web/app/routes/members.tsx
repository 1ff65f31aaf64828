import { PageHeader } from '../../components/page-header.tsx';
import { MembersRoster } from '../../features/members/components/members-roster.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Members">
        Everyone in the clan, staff first and then by XP gained since joining. Select a member for details.
      </PageHeader>
      <MembersRoster />
    </>
  );
}
