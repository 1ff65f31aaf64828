import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Goal, ScheduleLabel } from '#core/goals/goals.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { paths, pathTo } from '#core/site/pages.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

const SCHEDULE_CLASSES: Record<ScheduleLabel, string> = {
  Completed: 'bg-emerald-950 text-emerald-200',
  'Ahead of schedule': 'bg-sky-950 text-sky-200',
  'On track': 'bg-stone-800 text-stone-200',
  'Behind schedule': 'bg-amber-950 text-amber-200',
};

/**
 * One goal: its metric, player, progress towards the target and how it stands against its target
 * date, all as the server computed them. `actions` holds what the viewer may do with it (Delete).
 */
export function GoalCard({ goal, actions }: { goal: Goal; actions?: ReactNode }) {
  const titleId = useId();
  const metric = metricDisplayName(goal.metric);
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-stone-800 bg-stone-900 p-4"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <GameIcon kind={iconKindOf(goal.metric)} metric={goal.metric} size={32} />
          <div>
            <h3 id={titleId} className="font-semibold text-gold-300">
              <Link to={pathTo(paths.goal, goal.id)} className="hover:underline">
                {metric}
              </Link>
            </h3>
            <p className="text-sm text-stone-400">
              <MemberLink womId={goal.wom_id}>{goal.player_name}</MemberLink>
            </p>
          </div>
        </div>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${
            goal.public ? 'bg-stone-800 text-stone-200' : 'bg-stone-950 text-stone-400'
          }`}
        >
          {goal.public ? 'Public' : 'Private'}
        </span>
      </header>
      <div className="space-y-1">
        <p className="text-sm text-stone-300">
          {formatNumber(goal.current_value)} / {formatNumber(goal.target_value)}
        </p>
        <ProgressBar percent={goal.progress_percent} label={`${metric} progress`} />
      </div>
      <footer className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          {goal.schedule && (
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${SCHEDULE_CLASSES[goal.schedule]}`}>
              {goal.schedule}
            </span>
          )}
          {goal.target_date && (
            <span className="text-stone-400">Target date: {formatLongDate(goal.target_date)}</span>
          )}
        </div>
        {actions}
      </footer>
    </article>
  );
}
