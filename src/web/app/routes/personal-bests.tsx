import { PageHeader } from '../../components/page-header.tsx';
import { FeedPagesNav } from '../../features/feed/components/feed-pages-nav.tsx';
import { LootBoard } from '../../features/feed/components/loot-board.tsx';
import { PersonalBestBoard } from '../../features/feed/components/personal-best-board.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Personal Bests & Loot">
        The clan&apos;s fastest kills by boss and team size, and this season&apos;s biggest hauls.
      </PageHeader>
      <FeedPagesNav />
      <div className="space-y-10">
        <PersonalBestBoard />
        <LootBoard />
      </div>
    </>
  );
}
