import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { formatMillions, formatNumber } from '../../../lib/format.ts';
import { StatGrid } from './stat-grid.tsx';

/** Maxed and average stats of the clan (spec §2, Stats page). */
export function GroupStatsSummary({ stats }: { stats: WomGroupStats }) {
  return (
    <>
      <StatGrid
        title="Maxed Stats"
        items={[
          { label: 'Maxed Combat', value: formatNumber(stats.maxedCombatCount) },
          { label: 'Maxed Total', value: formatNumber(stats.maxedTotalCount) },
          { label: '200M Skills', value: formatNumber(stats.maxed200msCount) },
        ]}
      />
      <StatGrid
        title="Average Stats"
        items={[
          { label: 'Average Total Level', value: formatNumber(stats.averageLevel) },
          { label: 'Average XP', value: formatMillions(stats.averageExperience) },
        ]}
      />
    </>
  );
}
