import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { NOT_TRACKED_TEXT } from '#core/members/wom-tracking.ts';
import { paths, pathTo } from '#core/site/pages.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { CharacterHistoryChart } from './character-history-chart.tsx';
import { MembershipHistory } from './membership-history.tsx';
import { CharacterStatsTabs } from './character-stats.tsx';
import { IronmanIcon } from './ironman-icon.tsx';
import { RankIcon } from './rank-icon.tsx';

const DEFAULT_COMBAT_LEVEL = 3;

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A timestamp as '21 November 2026, 11:00 UTC'. */
function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${formatLongDate(value)}, ${time.format(date)} UTC`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-stone-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-stone-700 p-4 text-sm text-stone-400">{children}</p>
  );
}

function Stats({ page }: { page: CharacterPage }) {
  const { member } = page;
  const level = member.combat_level >= DEFAULT_COMBAT_LEVEL ? member.combat_level : DEFAULT_COMBAT_LEVEL;
  // Without a snapshot WOM has measured nothing: its zeros are not the member's levels.
  const measured = (value: string) => (page.stats === null ? '-' : value);
  const fields = [
    { label: 'Rank', value: roleDisplayName(member.womrole) },
    { label: 'Next Rank', value: page.next_rank_text ?? '-' },
    { label: 'Combat Level', value: measured(formatNumber(level)) },
    { label: 'Total Level', value: measured(formatNumber(member.current_lvl)) },
    { label: 'EHB', value: measured(formatNumber(member.ehb)) },
    { label: 'Siege Score', value: formatNumber(member.siege_score) },
    { label: 'Events Won', value: formatNumber(page.events_won.length) },
    { label: 'Joined', value: member.join_date ? formatLongDate(member.join_date) : '-' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {fields.map((field) => (
        <div key={field.label} className="rounded-lg border border-stone-800 bg-stone-900 p-3">
          <dt className="text-xs font-medium tracking-wide text-stone-400 uppercase">{field.label}</dt>
          <dd className="mt-1 font-semibold break-words text-stone-100">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Seasons({ page }: { page: CharacterPage }) {
  // Newest first: the open season leads.
  const seasons = [...page.seasons].reverse();
  if (seasons.length === 0) return <Empty>No seasons yet.</Empty>;
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Siege score by season</caption>
        <thead className="bg-stone-900 text-stone-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Season
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Dates
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Siege Score
            </th>
          </tr>
        </thead>
        <tbody>
          {seasons.map((season) => (
            <tr key={season.season_id} className="border-t border-stone-800">
              <th scope="row" className="px-3 py-2 font-medium text-stone-100">
                {season.name}
                {season.open && (
                  <>
                    {' '}
                    <span className="text-xs font-normal text-emerald-300">(current)</span>
                  </>
                )}
              </th>
              <td className="px-3 py-2 text-stone-300">
                {formatLongDate(season.started_at)} –{' '}
                {season.ended_at ? formatLongDate(season.ended_at) : 'now'}
              </td>
              <td className="px-3 py-2 text-right font-semibold text-gold-300 tabular-nums">
                {formatNumber(season.siege_score)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EventsWon({ page }: { page: CharacterPage }) {
  if (page.events_won.length === 0) return <Empty>No event wins yet.</Empty>;
  return (
    <ul className="divide-y divide-stone-800 rounded-lg border border-stone-800">
      {page.events_won.map((event) => (
        <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2">
          <span className="font-medium text-stone-100">{event.name}</span>
          <span className="text-sm text-stone-400">
            {[
              event.metric ? metricDisplayName(event.metric) : null,
              event.end_date ? formatLongDate(event.end_date) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Goals({ page }: { page: CharacterPage }) {
  if (page.goals.length === 0) return <Empty>No public goals.</Empty>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {page.goals.map((goal) => {
        const metric = metricDisplayName(goal.metric);
        return (
          <li key={goal.id} className="space-y-2 rounded-lg border border-stone-800 bg-stone-900 p-3">
            <div className="flex items-baseline justify-between gap-2">
              <Link to={pathTo(paths.goal, goal.id)} className="font-semibold text-gold-300 hover:underline">
                {metric}
              </Link>
              {goal.completed && <span className="text-xs font-semibold text-emerald-300">Completed</span>}
            </div>
            <p className="text-sm text-stone-300">
              {formatNumber(goal.current_value)} / {formatNumber(goal.target_value)}
            </p>
            <ProgressBar percent={goal.progress_percent} label={`${metric} goal progress`} />
          </li>
        );
      })}
    </ul>
  );
}

function Races({ page }: { page: CharacterPage }) {
  if (page.races.length === 0) return <Empty>No public races.</Empty>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {page.races.map((race) => {
        const metric = metricDisplayName(race.metric);
        return (
          <li
            key={race.participant_id}
            className="space-y-2 rounded-lg border border-stone-800 bg-stone-900 p-3"
          >
            <Link
              to={pathTo(paths.race, race.id)}
              className="font-semibold break-words text-gold-300 hover:underline"
            >
              {race.title}
            </Link>
            <p className="text-sm text-stone-300">
              {metric}: {formatNumber(race.current_value)} / {formatNumber(race.target_value)}
            </p>
            <ProgressBar percent={race.progress_percent} label={`${race.title} progress`} />
          </li>
        );
      })}
    </ul>
  );
}

/** Everything the character page shows about one member, below its heading. */
export function CharacterDetails({ page, mine }: { page: CharacterPage; mine: boolean }) {
  const { member } = page;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-300">
        <span className="flex items-center gap-2">
          <RankIcon role={member.womrole} />
          {roleDisplayName(member.womrole)}
        </span>
        {member.ironman_type && <IronmanIcon type={member.ironman_type} />}
        {mine && <span className="font-semibold text-gold-300">Your character</span>}
        <a
          href={page.wom_profile_url}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-gold-300 underline underline-offset-4 hover:text-gold-400"
        >
          Wise Old Man profile <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <Stats page={page} />
      <p className="text-sm text-stone-400">
        {page.wom_updated_at ? `Last updated ${formatDateTime(page.wom_updated_at)}` : NOT_TRACKED_TEXT}
        {page.wom_last_changed_at && <> · Stats last changed {formatDateTime(page.wom_last_changed_at)}</>}
      </p>
      <Section title="Skills, Bosses and Activities">
        {page.stats ? (
          <CharacterStatsTabs stats={page.stats} name={member.name} />
        ) : (
          <Empty>
            Wise Old Man has not updated {member.name} yet, so their levels and kills are not known.
          </Empty>
        )}
      </Section>
      {page.returns.length > 0 && (
        <Section title="Clan History">
          <MembershipHistory joinDate={member.join_date} returns={page.returns} />
        </Section>
      )}
      <Section title="XP and EHB Over Time">
        <CharacterHistoryChart label={`${member.name}'s XP and EHB over time`} history={page.history} />
      </Section>
      <Section title="Siege Score by Season">
        <Seasons page={page} />
      </Section>
      <Section title="Events Won">
        <EventsWon page={page} />
      </Section>
      <Section title="Goals">
        <Goals page={page} />
      </Section>
      <Section title="Races">
        <Races page={page} />
      </Section>
    </div>
  );
}
