import type { RaceParticipant } from '#core/races/races.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { GameIcon } from '../../../components/game-icon.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';

/** Wide screens: a table cell. Phones: a slot in the row's three-column card. */
const cell = 'sm:px-3 sm:py-2';
const numberCell = `${cell} sm:text-right`;

/** The name of a value beside it on a phone, where the column headings are not shown. */
function PhoneLabel({ children }: { children: string }) {
  return <span className="block text-xs text-stone-400 sm:hidden">{children}</span>;
}

/**
 * A race's standings in the server's order (the highest progress first). Seven columns did not fit a
 * 390 px phone, so there each row reflows into a small card: place, player and metric; start, current
 * and target, each named; then the progress bar across. The roles keep it a table to assistive
 * technology, which a changed `display` would otherwise drop in some browsers.
 */
export function RaceStandings({ participants }: { participants: readonly RaceParticipant[] }) {
  return (
    <div className="rounded-lg border border-stone-800">
      <table role="table" aria-label="Standings" className="w-full text-left text-sm">
        <thead className="hidden bg-stone-900 text-stone-300 sm:table-header-group">
          <tr role="row">
            <th role="columnheader" className={cell}>
              #
            </th>
            <th role="columnheader" className={cell}>
              Player
            </th>
            <th role="columnheader" className={cell}>
              Metric
            </th>
            <th role="columnheader" className={`${cell} text-right`}>
              Start
            </th>
            <th role="columnheader" className={`${cell} text-right`}>
              Current
            </th>
            <th role="columnheader" className={`${cell} text-right`}>
              Target
            </th>
            <th role="columnheader" className={cell}>
              Progress
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-800">
          {participants.map((participant, index) => (
            <tr
              key={participant.id}
              role="row"
              className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-2 p-3 sm:table-row sm:p-0"
            >
              <td role="cell" className={cell}>
                {index + 1}
              </td>
              <td role="cell" className={`${cell} font-medium break-words text-stone-100`}>
                <MemberLink womId={participant.wom_id}>{participant.player_name}</MemberLink>
              </td>
              <td role="cell" className={cell}>
                <span className="flex items-center gap-2">
                  <GameIcon kind={iconKindOf(participant.metric)} metric={participant.metric} size={20} />
                  {metricDisplayName(participant.metric)}
                </span>
              </td>
              <td role="cell" className={numberCell}>
                <PhoneLabel>Start</PhoneLabel>
                {formatNumber(participant.start_value)}
              </td>
              <td role="cell" className={numberCell}>
                <PhoneLabel>Current</PhoneLabel>
                {formatNumber(participant.current_value)}
              </td>
              <td role="cell" className={numberCell}>
                <PhoneLabel>Target</PhoneLabel>
                {formatNumber(participant.target_value)}
              </td>
              <td role="cell" className={`${cell} col-span-3`}>
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
