import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

/** The two halves of the Hall of Fame (spec §2, /bosses). */
export type LeaderView = 'bosses' | 'activities';

/** A boss or activity row (spec §3): the metric, its clan leader and their kills or score. */
export interface MetricLeaderRow {
  metric: string;
  name: string;
  playerName: string;
  /** The leader's WOM id: their page on this site. */
  playerId: string;
  value: number;
  rank: number;
}

/**
 * The clan leader of each boss or activity, by metric name. Metrics nobody in the clan has a score
 * in (no leader, or WOM's -1 for unranked) are left out.
 */
export function metricLeaderRows(stats: WomGroupStats, view: LeaderView): MetricLeaderRow[] {
  const leaders =
    view === 'bosses'
      ? Object.values(stats.metricLeaders.bosses).map((leader) => ({ ...leader, value: leader.kills }))
      : Object.values(stats.metricLeaders.activities).map((leader) => ({ ...leader, value: leader.score }));
  return leaders
    .flatMap(({ metric, value, rank, player }) =>
      player && value > 0
        ? [
            {
              metric,
              name: metricDisplayName(metric),
              playerName: player.displayName,
              playerId: String(player.id),
              value,
              rank,
            },
          ]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Rows whose metric or player name contains the search, ignoring case; a blank search keeps all. */
export function searchMetricLeaders(rows: MetricLeaderRow[], search: string): MetricLeaderRow[] {
  const term = search.trim().toLowerCase();
  if (term === '') return rows;
  return rows.filter(
    (row) => row.name.toLowerCase().includes(term) || row.playerName.toLowerCase().includes(term),
  );
}
