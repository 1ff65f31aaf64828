import { useParams } from 'wouter';
import type { GoalDetail } from '#core/goals/goals.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ProgressChart } from '../../components/progress-chart.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useGoal } from '../../features/goals/api/get-goal.ts';
import { GoalCard } from '../../features/goals/components/goal-card.tsx';
import { MissingNotice } from '../../features/races/components/missing-notice.tsx';

function GoalPage({ goal }: { goal: GoalDetail }) {
  const metric = metricDisplayName(goal.metric);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={`${goal.player_name}: ${metric}`}>
        Set by {goal.username}, from {formatNumber(goal.start_value)} to {formatNumber(goal.target_value)}.
      </PageHeader>
      <GoalCard goal={goal} />
      <section aria-labelledby="goal-chart" className="space-y-3">
        <h2 id="goal-chart" className="text-xl font-semibold text-stone-100">
          Progress Over Time
        </h2>
        <ProgressChart
          label={`${metric} progress over time`}
          history={goal.history}
          target={goal.target_value}
          targetDate={goal.target_date}
        />
      </section>
    </div>
  );
}

/** /goals/:id: a goal and every value a sync saw for it, against its target and target date. */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const goal = useGoal(Number(id));
  if (goal.error instanceof ApiError && goal.error.status === 404) {
    return <MissingNotice message={goal.error.message} />;
  }
  return (
    <QueryState query={goal} loadingLabel="Loading goal..." errorTitle="Error Loading Goal">
      {(detail) => <GoalPage goal={detail} />}
    </QueryState>
  );
}
