import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  EVENT_LIST_LIMITS,
  EVENT_STATUSES,
  groupEventsByStatus,
  type EventStatus,
} from '#core/events/event-status.ts';
import type { ClanEvent } from '#core/events/events.schema.ts';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { getCompetitionsQueryOptions } from '../api/get-competitions.ts';
import { useEvents } from '../api/get-events.ts';
import { useNow } from '../../../lib/use-now.ts';
import { searchEvents } from '../utils/search-events.ts';
import { EventCounters } from './event-counters.tsx';
import { EventSection } from './event-section.tsx';

/** The page shows active events first, then upcoming, then completed. */
const SECTION_ORDER: readonly EventStatus[] = ['active', 'upcoming', 'completed'];

/** Counters and the three event tables, filtered by the search; statuses follow the clock. */
function EventTables({
  events,
  search,
  now,
  showAll,
  onShowAllChange,
  competitions,
}: {
  competitions?: ReadonlyMap<string, WomCompetitionItem>;
  events: ClanEvent[];
  search: string;
  now: Date;
  showAll: boolean;
  onShowAllChange: (showAll: boolean) => void;
}) {
  const everything = groupEventsByStatus(events, now);
  const hasAny = EVENT_STATUSES.some((status) => everything[status].length > 0);
  if (!hasAny) return <EmptyState title="No events available" />;

  const grouped = groupEventsByStatus(searchEvents(events, search), now);
  const counts = {
    active: grouped.active.length,
    upcoming: grouped.upcoming.length,
    completed: grouped.completed.length,
  };
  if (counts.active + counts.upcoming + counts.completed === 0) {
    return <EmptyState title="No events found">No event names match “{search.trim()}”.</EmptyState>;
  }
  const overLimit = SECTION_ORDER.some((status) => counts[status] > EVENT_LIST_LIMITS[status]);

  return (
    <div className="space-y-8">
      <EventCounters counts={counts} />
      {SECTION_ORDER.map((status) => (
        <EventSection
          key={status}
          status={status}
          shown={showAll ? grouped[status] : grouped[status].slice(0, EVENT_LIST_LIMITS[status])}
          total={counts[status]}
          now={now}
          competitions={competitions}
        />
      ))}
      {overLimit && (
        <div className="text-center">
          <button
            type="button"
            aria-expanded={showAll}
            onClick={() => onShowAllChange(!showAll)}
            className="rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400"
          >
            {showAll ? 'Show Less' : 'Show All Events'}
          </button>
        </div>
      )}
    </div>
  );
}

/** The events page's board, or its loading or error state; the clock and 'Show All' outlive a reload. */
export function EventsBoard({ search }: { search: string }) {
  const events = useEvents();
  // Standings are extra: the events show without them, and they join when they come.
  const competitionList = useQuery(getCompetitionsQueryOptions()).data;
  const competitions = useMemo(
    () => new Map((competitionList ?? []).map((competition) => [String(competition.id), competition])),
    [competitionList],
  );
  const now = useNow();
  const [showAll, setShowAll] = useState(false);
  return (
    <QueryState
      query={events}
      loadingLabel="Loading events..."
      errorTitle="Error Loading Events"
      errorMessage="Failed to load events"
    >
      {(data) => (
        <EventTables
          events={data}
          search={search}
          now={now}
          showAll={showAll}
          onShowAllChange={setShowAll}
          competitions={competitions}
        />
      )}
    </QueryState>
  );
}
