import { ExternalLink } from 'lucide-react';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { competitionUrl } from '#core/events/competition-url.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

/** An event's icon, name and metric; WOM-linked events link to their competition page. */
export function EventName({ event }: { event: ClanEvent }) {
  return (
    <div className="flex items-center gap-3">
      {event.metric && <GameIcon kind={iconKindOf(event.metric)} metric={event.metric} size={28} />}
      <div className="min-w-0">
        {event.wom_id ? (
          <a
            href={competitionUrl(event.wom_id)}
            target="_blank"
            rel="noreferrer"
            className="font-medium break-words text-gold-300 hover:text-gold-400 hover:underline"
          >
            {event.name}
            <ExternalLink aria-hidden="true" className="ml-1 inline h-3.5 w-3.5 align-baseline" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="font-medium break-words text-stone-100">{event.name}</span>
        )}
        {event.metric && <p className="text-xs text-stone-400">{metricDisplayName(event.metric)}</p>}
      </div>
    </div>
  );
}
