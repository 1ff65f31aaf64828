import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { eventCalendarPath } from '#core/events/event-calendar.ts';
import type { EventStatus } from '#core/events/event-status.ts';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { sameRsn } from '#core/members/names.ts';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatLocalDateTime } from '../../../lib/format-date-time.ts';
import { endsInText, startsInText } from '../utils/event-timing.ts';
import { CompetitionStandings } from './competition-standings.tsx';
import { EventName } from './event-name.tsx';

const SECTIONS: Record<EventStatus, { title: string; empty: string; timing: string }> = {
  active: { title: 'Active Events', empty: 'No active events right now', timing: 'Ends' },
  upcoming: { title: 'Upcoming Events', empty: 'No upcoming events scheduled', timing: 'Starts' },
  completed: { title: 'Completed Events', empty: 'No completed events yet', timing: 'Ended' },
};

/** When it starts (or ends) in the visitor's own time zone, named: 'Sat 5 Dec, 18:00 CET'. */
function Timing({ event, status, now }: { event: ClanEvent; status: EventStatus; now: Date }) {
  const date = status === 'upcoming' ? event.start_date : event.end_date;
  const when = date === null ? null : <time dateTime={date}>{formatLocalDateTime(date, now)}</time>;
  if (status === 'completed') return when;
  return (
    <>
      <span className="block font-medium text-stone-100">
        {status === 'active' ? endsInText(event, now) : startsInText(event, now)}
      </span>
      <span className="text-xs text-stone-400">{when}</span>
    </>
  );
}

/** A winner's name, linked to their page when the competition's standings say who they are. */
function WinnerName({
  name,
  participants,
}: {
  name: string;
  participants: WomCompetitionItem['participants'];
}) {
  const player = participants?.find((participant) => sameRsn(participant.displayName, name));
  return player ? <MemberLink womId={String(player.playerId)}>{name}</MemberLink> : name;
}

/**
 * Every winner of a completed event: a tie for first place names them all. A team competition is won
 * by a team, named instead of its dozens of players.
 */
function Winners({
  winners,
  competition,
}: {
  winners: readonly string[];
  competition: WomCompetitionItem | undefined;
}) {
  const teams = competition?.teams ?? null;
  if (winners.length === 0) return <span className="text-stone-400 italic">No winner recorded</span>;
  const first = teams?.filter((team) => team.placement === 1) ?? [];
  if (first.length > 0) {
    return (
      <span className="font-medium text-gold-300">
        {first.map((team) => team.team).join(', ')}
        <span className="block text-xs font-normal text-stone-400">
          {first.length === 1 ? 'Team' : 'Teams'} of {first.reduce((sum, team) => sum + team.players, 0)}{' '}
          players
        </span>
      </span>
    );
  }
  return (
    <span className="font-medium text-gold-300">
      {winners.map((winner, index) => (
        <span key={winner}>
          {index > 0 && ', '}
          <WinnerName name={winner} participants={competition?.participants ?? null} />
        </span>
      ))}
    </span>
  );
}

/**
 * One event's row and, for an event whose competition has standings, a toggle that opens them in a
 * row beneath.
 */
function EventRow({
  event,
  status,
  now,
  competition,
}: {
  event: ClanEvent;
  status: EventStatus;
  now: Date;
  competition: WomCompetitionItem | undefined;
}) {
  const [open, setOpen] = useState(false);
  const standingsId = useId();
  const columns = status === 'completed' ? 3 : 2;
  const hasStandings = (competition?.participants?.length ?? 0) > 0;
  return (
    <>
      <tr className="border-t border-stone-800 align-middle">
        <td className="px-4 py-3">
          <EventName event={event} />
          <a
            href={eventCalendarPath(event.id)}
            download
            aria-label={`Add to calendar: ${event.name}`}
            className="mt-1 mr-3 inline-flex items-center gap-1 text-xs whitespace-nowrap text-sky-300 hover:text-sky-200 hover:underline"
          >
            <CalendarPlus aria-hidden="true" className="h-3.5 w-3.5" />
            Add to calendar
          </a>
          {competition && hasStandings && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={standingsId}
              onClick={() => setOpen(!open)}
              className="mt-1 text-xs text-sky-300 hover:text-sky-200 hover:underline"
            >
              {open ? 'Hide standings' : competition.teams ? 'Show team standings' : 'Show standings'}{' '}
              <span className="sr-only">of {event.name}</span>
            </button>
          )}
        </td>
        <td className="px-4 py-3 text-stone-300 sm:whitespace-nowrap">
          <Timing event={event} status={status} now={now} />
        </td>
        {status === 'completed' && (
          <td className="px-4 py-3">
            <Winners winners={event.winners} competition={competition} />
            {event.before_site && (
              <span
                className="mt-1 block text-xs text-stone-400"
                title="It ended before this site's first sync: its points count only if an admin books them."
              >
                Before this site
              </span>
            )}
          </td>
        )}
      </tr>
      {open && competition && (
        <tr id={standingsId} className="bg-stone-950/40">
          <td colSpan={columns} className="px-4 pb-4">
            <CompetitionStandings competition={competition} />
          </td>
        </tr>
      )}
    </>
  );
}

/** One status's events as a table; `shown` is already cut to the page's limit, `total` is not. */
export function EventSection({
  status,
  shown,
  total,
  now,
  competitions,
}: {
  status: EventStatus;
  shown: ClanEvent[];
  total: number;
  now: Date;
  /** Linked competitions by WOM id, once loaded. */
  competitions?: ReadonlyMap<string, WomCompetitionItem>;
}) {
  const section = SECTIONS[status];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-semibold text-stone-100">
          {section.title}
        </h2>
        {shown.length < total && (
          <p className="text-sm text-stone-400">
            Showing {shown.length} of {total}
          </p>
        )}
      </div>
      {total === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-700 p-4 text-center text-stone-400">
          {section.empty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
          <table aria-labelledby={headingId} className="w-full text-left text-sm">
            <thead className="bg-stone-950/60 text-stone-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Event
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {section.timing}
                </th>
                {status === 'completed' && (
                  <th scope="col" className="px-4 py-2 font-medium">
                    Winner
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {shown.map((event) => (
                <EventRow
                  key={event.id}
                  event={event}
                  status={status}
                  now={now}
                  competition={event.wom_id === null ? undefined : competitions?.get(event.wom_id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
