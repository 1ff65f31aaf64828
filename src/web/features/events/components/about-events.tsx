import { ChevronDown, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { WEEKLY_EVENT_DAYS } from '#core/events/event-status.ts';
import { paths } from '../../../config/paths.ts';
import { useClan } from '../../../lib/clan-query.ts';

/** The collapsible explanation of the clan's weekly events and the points they give. */
export function AboutEvents() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const points = useClan().data?.points;
  return (
    <section className="rounded-lg border border-stone-800 bg-stone-900">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-lg font-semibold text-gold-300 hover:bg-stone-800"
        >
          <span className="flex items-center gap-2">
            <Info aria-hidden="true" className="h-5 w-5" />
            About Our Events
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="space-y-3 px-4 pb-4 text-sm text-stone-300">
        <p>
          We run new events every week: skill and boss competitions tracked on Wise Old Man, each lasting{' '}
          {WEEKLY_EVENT_DAYS} days, plus the occasional short event of an hour or two. Everyone in the clan
          can take part; your progress is tracked automatically.
        </p>
        {points && (
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Top three: {points.placements[0]} points for 1st place, {points.placements[1]} for 2nd and{' '}
              {points.placements[2]} for 3rd.
            </li>
            <li>Participation: {points.placements[3]} points for everyone else who makes progress.</li>
            <li>Short events (1 to 2 hours): {points.short} points for every participant.</li>
          </ul>
        )}
        <p>
          Points are added once an event has ended and count towards your siege score on the{' '}
          <Link to={paths.leaderboard} className="text-gold-300 underline hover:text-gold-400">
            Leaderboard
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
