import { PageHeader } from '../../components/page-header.tsx';
import { HallOfFame } from '../../features/group-stats/components/hall-of-fame.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Hall of Fame">The clan member who leads each boss and activity.</PageHeader>
      <HallOfFame />
    </>
  );
}
