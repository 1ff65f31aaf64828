import { useParams } from 'wouter';
import type { RaceDetail } from '#core/races/races.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ProgressChart } from '../../components/progress-chart.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatLongDate } from '../../lib/format.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useRace } from '../../features/races/api/get-races.ts';
import { MissingNotice } from '../../features/races/components/missing-notice.tsx';
import { RaceActions } from '../../features/races/components/race-actions.tsx';
import { RaceStandings } from '../../features/races/components/race-standings.tsx';

function ParticipantCharts({ race }: { race: RaceDetail }) {
  return (
    <section aria-labelledby="race-charts" className="space-y-3">
      <h2 id="race-charts" className="text-xl font-semibold text-stone-100">
        Progress Over Time
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {race.race_participants.map((participant) => {
          const title = `${participant.player_name}: ${metricDisplayName(participant.metric)}`;
          const history = race.history.find(({ participant_id }) => participant_id === participant.id);
          return (
            <div key={participant.id} className="space-y-1">
              <h3 className="text-sm font-medium text-stone-300">{title}</h3>
              <ProgressChart
                label={`${title} progress over time`}
                history={history?.points ?? []}
                target={participant.target_value}
                targetDate={race.end_date}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}

function RacePage({ race }: { race: RaceDetail }) {
  const me = useMe();
  const user = me.data?.user ?? null;
  return (
    <div className="space-y-6">
      <PageHeader title={race.title}>
        {race.description && <p className="whitespace-pre-line">{race.description}</p>}
        <p className="mt-1 text-sm text-stone-400">
          Created by {race.creator_name} · {race.public ? 'Public' : 'Private'}
          {race.end_date && <> · Ends {formatLongDate(race.end_date)}</>}
        </p>
      </PageHeader>
      {user && <RaceActions raceId={race.id} isCreator={user.id === race.creator_id} />}
      <RaceStandings participants={race.race_participants} />
      <ParticipantCharts race={race} />
    </div>
  );
}

/** /races/:id: a race's standings and each participant's progress over time. */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const race = useRace(Number(id));
  if (race.error instanceof ApiError && race.error.status === 404) {
    return <MissingNotice message={race.error.message} />;
  }
  return (
    <QueryState query={race} loadingLabel="Loading race..." errorTitle="Error Loading Race">
      {(detail) => <RacePage race={detail} />}
    </QueryState>
  );
}
