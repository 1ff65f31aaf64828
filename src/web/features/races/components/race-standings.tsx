import type { RaceParticipant } from '#core/races/races.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

const cell = 'px-3 py-2';

/** A race's standings in the server's order (the highest progress first). */
export function RaceStandings({ participants }: { participants: readonly RaceParticipant[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800">
      <table aria-label="Standings" className="w-full text-left text-sm">
        <thead className="bg-stone-900 text-stone-300">
          <tr>
            <th className={cell}>#</th>
            <th className={cell}>Player</th>
            <th className={cell}>Metric</th>
            <th className={`${cell} text-right`}>Start</th>
            <th className={`${cell} text-right`}>Current</th>
            <th className={`${cell} text-right`}>Target</th>
            <th className={cell}>Progress</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-800">
          {participants.map((participant, index) => (
            <tr key={participant.id}>
              <td className={cell}>{index + 1}</td>
              <td className={`${cell} font-medium text-stone-100`}>{participant.player_name}</td>
              <td className={cell}>
                <span className="flex items-center gap-2">
                  <GameIcon kind={iconKindOf(participant.metric)} metric={participant.metric} size={20} />
                  {metricDisplayName(participant.metric)}
                </span>
              </td>
              <td className={`${cell} text-right`}>{formatNumber(participant.start_value)}</td>
              <td className={`${cell} text-right`}>{formatNumber(participant.current_value)}</td>
              <td className={`${cell} text-right`}>{formatNumber(participant.target_value)}</td>
              <td className={cell}>
                <ProgressBar
                  percent={participant.progress_percent}
                  label={`${participant.player_name} progress`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
