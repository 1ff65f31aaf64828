import { Link } from 'wouter';
import { paths, pathTo } from '#core/site/pages.ts';
import { raceLeader } from '#core/races/race-progress.ts';
import type { Race } from '#core/races/races.schema.ts';
import { EmptyState } from '../../../components/states.tsx';
import { formatLongDate } from '../../../lib/format.ts';

function RaceSummary({ race }: { race: Race }) {
  // Nobody leads a race in which nobody has moved yet.
  const leader = raceLeader(race.race_participants);
  return (
    <li className="rounded-lg border border-stone-800 bg-stone-900 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-gold-300">
          <Link to={pathTo(paths.race, race.id)} className="hover:underline">
            {race.title}
          </Link>
        </h3>
        <span className="rounded bg-stone-800 px-2 py-0.5 text-xs font-semibold text-stone-200">
          {race.public ? 'Public' : 'Private'}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-400">
        By {race.creator_name} · {race.race_participants.length}{' '}
        {race.race_participants.length === 1 ? 'participant' : 'participants'}
        {race.end_date && <> · Ends {formatLongDate(race.end_date)}</>}
      </p>
      {leader && (
        <p className="mt-1 text-sm text-stone-300">
          Leading: {leader.player_name} ({leader.progress_percent}%)
        </p>
      )}
    </li>
  );
}

/** Races, each linking to its page, or the list's empty state ('No Races Yet', 'No Public Races'). */
export function RaceList({ races, emptyTitle }: { races: readonly Race[]; emptyTitle: string }) {
  if (races.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {races.map((race) => (
        <RaceSummary key={race.id} race={race} />
      ))}
    </ul>
  );
}
