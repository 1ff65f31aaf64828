import type { FeedItem } from '#core/dink/dink.schema.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatTimeAgo } from '../../../lib/time-ago.ts';
import { ScreenshotViewer } from './screenshot-viewer.tsx';
import { DINK_MOMENT_LABELS } from '#core/dink/moment-kinds.ts';

/**
 * One moment from the game: what kind, who (a link to their page, unless the list is theirs), what
 * happened with its figures (a drop's coins, a milestone's exact XP: each said once, in the details),
 * how long ago (the exact time on hover and to screen readers) and its screenshot.
 */
export function MomentCard({
  item,
  now,
  showPlayer = true,
}: {
  item: FeedItem;
  now: Date;
  showPlayer?: boolean;
}) {
  const exact = formatDateTime(item.occurred_at);
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-stone-800 bg-stone-900 p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs font-medium tracking-wide text-stone-400 uppercase">
          {DINK_MOMENT_LABELS[item.kind]}
        </p>
        {showPlayer && (
          <p className="font-semibold break-words text-gold-300">
            <MemberLink womId={item.wom_id}>{item.player_name}</MemberLink>
          </p>
        )}
        <p className="font-medium break-words text-stone-100">{item.title}</p>
        {item.details && <p className="text-sm break-words text-stone-300">{item.details}</p>}
        <p className="text-sm text-stone-400">
          <time dateTime={item.occurred_at} title={exact}>
            {formatTimeAgo(item.occurred_at, now)}
            <span className="sr-only"> ({exact})</span>
          </time>
        </p>
      </div>
      {item.image_url !== null && item.thumbnail_url !== null && (
        <ScreenshotViewer
          thumbnailUrl={item.thumbnail_url}
          imageUrl={item.image_url}
          alt={`Screenshot of ${item.player_name}: ${item.title}`}
          className="w-full sm:w-56 lg:w-64"
        />
      )}
    </article>
  );
}
