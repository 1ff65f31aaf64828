import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { LeaderView, MetricLeaderRow } from '../lib/metric-leaders.ts';

/** One boss or activity with the clan member who leads it, linked to their page (spec §3, Boss or activity row). */
export function MetricLeaderCard({ row, view }: { row: MetricLeaderRow; view: LeaderView }) {
  return (
    <div className="flex h-full items-start gap-3 rounded-lg border border-stone-800 bg-stone-900 p-4">
      <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-stone-950">
        <GameIcon kind={iconKindOf(row.metric)} metric={row.metric} size={32} />
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words text-gold-300">{row.name}</h2>
        <p className="break-words text-stone-100">
          <MemberLink womId={row.playerId}>{row.playerName}</MemberLink>
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-stone-400">{view === 'bosses' ? 'Kills' : 'Score'}</dt>
            <dd className="font-medium text-stone-100">{formatNumber(row.value)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-stone-400">Rank</dt>
            <dd className="font-medium text-stone-100">{formatNumber(row.rank)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
