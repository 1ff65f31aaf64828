import type { FeedItem } from '#core/dink/dink.schema.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatTimeAgo } from '../../../lib/time-ago.ts';
import { momentValue } from '../lib/moment-format.ts';
import { DINK_MOMENT_LABELS } from '#core/dink/moment-kinds.ts';

/**
 * The screenshot in a box of the game client's usual 16:9 shape, reserved before the image loads so
 * the list below does not jump; loaded only as it nears the screen. It opens full size on a click.
 */
function Screenshot({ url, alt }: { url: string; alt: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer" className="block w-full shrink-0 sm:w-56 lg:w-64">
      <span className="block aspect-video overflow-hidden rounded border border-stone-800 bg-stone-950">
        <img
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className="h-full w-full object-contain"
        />
      </span>
      <span className="sr-only"> (opens full size in a new tab)</span>
    </a>
  );
}

/**
 * One moment from the game: what kind, who (a link to their page, unless the list is theirs), what
 * happened, how long ago (the exact time on hover and to screen readers), its value and screenshot.
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
  const value = momentValue(item);
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
        <p className="flex flex-wrap gap-x-2 text-sm text-stone-400">
          <time dateTime={item.occurred_at} title={exact}>
            {formatTimeAgo(item.occurred_at, now)}
            <span className="sr-only"> ({exact})</span>
          </time>
          {value !== null && (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-semibold text-gold-200 tabular-nums">{value}</span>
            </>
          )}
        </p>
      </div>
      {item.image_url !== null && (
        <Screenshot url={item.image_url} alt={`Screenshot of ${item.player_name}: ${item.title}`} />
      )}
    </article>
  );
}
