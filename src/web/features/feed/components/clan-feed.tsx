import { Link } from 'wouter';
import { paths } from '#core/site/pages.ts';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { itemsOf } from '../../../lib/paged-list.ts';
import { useFeed } from '../api/get-feed.ts';
import { useFeedFilter } from '../hooks/use-feed-filter.ts';
import { useNow } from '../../../lib/use-now.ts';
import { FeedFilters } from './feed-filters.tsx';
import { MomentCard } from './moment-card.tsx';

function NoMoments({ filtered }: { filtered: boolean }) {
  if (filtered) return <EmptyState title="No moments match these filters" />;
  return (
    <EmptyState title="No moments yet">
      Moments come from members&apos; Dink plugin, which each member sets up on their{' '}
      <Link to={paths.profile} className="text-gold-300 underline underline-offset-4 hover:text-gold-200">
        profile
      </Link>
      .
    </EmptyState>
  );
}

/**
 * The clan's public moments, newest first, narrowed by kind and member (kept in the URL), with 'Load
 * more' for older ones. A failed 'Load more' keeps what is shown and says so beside the button.
 */
export function ClanFeed({ members }: { members: readonly MemberChoice[] }) {
  const [filter, setFilter] = useFeedFilter();
  const feed = useFeed(filter);
  const now = useNow();
  const filtered = filter.kind !== undefined || filter.wom_id !== undefined;

  return (
    <div className="space-y-4">
      <FeedFilters filter={filter} members={members} onChange={setFilter} />
      <QueryState
        query={feed}
        loadingLabel="Loading the feed..."
        errorTitle="Unable to Load the Feed"
        errorMessage="We're having trouble loading the clan's moments right now. Please try again later."
        keepDataOnError
      >
        {(data) => {
          const items = itemsOf(data);
          if (items.length === 0) return <NoMoments filtered={filtered} />;
          return (
            <>
              <ol aria-label="Clan moments" aria-busy={feed.isFetchingNextPage} className="space-y-3">
                {items.map((item) => (
                  <li key={item.id}>
                    <MomentCard item={item} now={now} />
                  </li>
                ))}
              </ol>
              {feed.isFetchNextPageError && (
                <p role="alert" className="text-center text-sm text-red-300">
                  Failed to load more moments: {feed.error?.message}
                </p>
              )}
              {feed.hasNextPage && (
                <div className="text-center">
                  {/* Not `disabled` while loading: a disabled button drops the keyboard's focus to the page's top. */}
                  <button
                    type="button"
                    onClick={() => {
                      if (!feed.isFetchingNextPage) void feed.fetchNextPage();
                    }}
                    aria-disabled={feed.isFetchingNextPage}
                    className="rounded border border-stone-600 px-4 py-2 font-medium text-stone-100 hover:bg-stone-800 aria-disabled:opacity-60"
                  >
                    {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </button>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
