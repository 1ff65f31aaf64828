import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { isRanked, type CharacterStats } from '#core/members/character-stats.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { formatNumber } from '../../../lib/format.ts';

type StatsTab = 'skills' | 'bosses' | 'activities';

const TABS: ReadonlyArray<{ value: StatsTab; label: string }> = [
  { value: 'skills', label: 'Skills' },
  { value: 'bosses', label: 'Bosses' },
  { value: 'activities', label: 'Activities' },
];

/** What a value under the hiscores' threshold shows: WOM does not know it. */
const UNRANKED = '-';

interface StatRow {
  metric: string;
  /** The row's numbers, in the table's columns after the metric. */
  values: readonly string[];
}

const numberOrUnranked = (value: number, entry: { rank: number }) =>
  isRanked(entry) ? formatNumber(value) : UNRANKED;

/** One kind's table: the metric with its icon, then numbers aligned right; the rank folds away on a phone. */
function StatTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The metric's column, then the numbers' columns; the last is the rank. */
  columns: readonly string[];
  rows: readonly StatRow[];
}) {
  const last = columns.length - 1;
  const hideOnPhone = (index: number) => (index === last ? 'hidden sm:table-cell' : '');
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-950/60 text-stone-400">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-2 font-medium ${index === 0 ? 'text-left' : 'text-right'} ${hideOnPhone(index)}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric} className="border-t border-stone-800">
              <th scope="row" className="px-3 py-1.5 text-left font-medium text-stone-100">
                <span className="flex items-center gap-2">
                  <GameIcon kind={iconKindOf(row.metric)} metric={row.metric} size={20} />
                  {metricDisplayName(row.metric)}
                </span>
              </th>
              {row.values.map((value, index) => (
                <td
                  key={columns[index + 1]}
                  className={`px-3 py-1.5 text-right text-stone-200 tabular-nums ${hideOnPhone(index + 1)}`}
                >
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The member's latest Wise Old Man snapshot as WOM's own player page shows it: every skill's level
 * and XP, every boss's kills and every activity's score, a tab for each kind.
 */
export function CharacterStatsTabs({ stats, name }: { stats: CharacterStats; name: string }) {
  const [tab, setTab] = useState<StatsTab>('skills');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => setTab(value as StatsTab)}
      className="space-y-4 lg:max-w-3xl"
    >
      <TabStrip label={`${name}'s stats`} tabs={TABS} />
      <Tabs.Content value="skills">
        <StatTable
          caption="Skills"
          columns={['Skill', 'Level', 'XP', 'Rank']}
          rows={stats.skills.map((skill) => ({
            metric: skill.metric,
            values: [
              formatNumber(skill.level),
              numberOrUnranked(skill.experience, skill),
              numberOrUnranked(skill.rank, skill),
            ],
          }))}
        />
      </Tabs.Content>
      <Tabs.Content value="bosses">
        <StatTable
          caption="Bosses"
          columns={['Boss', 'Kills', 'Rank']}
          rows={stats.bosses.map((boss) => ({
            metric: boss.metric,
            values: [numberOrUnranked(boss.kills, boss), numberOrUnranked(boss.rank, boss)],
          }))}
        />
      </Tabs.Content>
      <Tabs.Content value="activities">
        <StatTable
          caption="Activities"
          columns={['Activity', 'Score', 'Rank']}
          rows={stats.activities.map((activity) => ({
            metric: activity.metric,
            values: [numberOrUnranked(activity.score, activity), numberOrUnranked(activity.rank, activity)],
          }))}
        />
      </Tabs.Content>
      <p className="text-xs text-stone-400">{UNRANKED}: not on the hiscores yet, under their minimum.</p>
    </Tabs.Root>
  );
}
