import { PageHeader } from '../../components/page-header.tsx';
import { RecentAchievements } from '../../features/achievements/components/recent-achievements.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Achievements">The milestones our members reached most recently.</PageHeader>
      <RecentAchievements />
    </>
  );
}
