import { PageHeader } from '../../components/page-header.tsx';
import { useMembers } from '../../features/members/api/get-members.ts';
import { ClanFeed } from '../../features/feed/components/clan-feed.tsx';
import { FeedPagesNav } from '../../features/feed/components/feed-pages-nav.tsx';

export function Component() {
  // The roster names the members to filter by; until it loads, the feed shows everyone's moments.
  const members = useMembers().data ?? [];
  return (
    <>
      <PageHeader title="Clan Feed">
        Drops, pets, collection log slots and personal bests, as they happen.
      </PageHeader>
      <FeedPagesNav />
      <ClanFeed members={members} />
    </>
  );
}
