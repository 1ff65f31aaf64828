import { useId, useState } from 'react';
import type { LeaderboardEntry } from '#core/leaderboards/leaderboards.schema.ts';
import { LEADERBOARD_TOP, hasMoreThanTop, leaderboardTop } from '#core/leaderboards/ranking.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { RankBadge } from '../../../components/rank-badge.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatNumber } from '../../../lib/format.ts';

/**
 * One board: the top 10 places (everyone tied at 10th too), and the whole board behind a button when
 * it has more entries. Ties share a place number, as the server ranks them. Each name links to the
 * member's page.
 */
export function LeaderboardBoard({
  title,
  valueLabel,
  emptyText,
  entries,
}: {
  title: string;
  valueLabel: string;
  emptyText: string;
  entries: LeaderboardEntry[];
}) {
  const [full, setFull] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const shown = full ? entries : leaderboardTop(entries);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900 p-4">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-gold-300">
        {title}
      </h2>
      {entries.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <div className="overflow-x-auto">
          <table id={tableId} aria-labelledby={headingId} className="w-full text-left text-sm">
            <thead className="text-stone-400">
              <tr>
                <th scope="col" className="w-16 py-2 font-medium">
                  Place
                </th>
                <th scope="col" className="py-2 font-medium">
                  Player
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry.wom_id} className="border-t border-stone-800">
                  <td className="py-2">
                    <RankBadge rank={entry.rank} />
                  </td>
                  <td className="py-2 font-medium break-all text-stone-100">
                    <MemberLink womId={entry.wom_id}>{entry.name}</MemberLink>
                  </td>
                  <td className="py-2 text-right font-semibold text-gold-300 tabular-nums">
                    {formatNumber(entry.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMoreThanTop(entries) && (
        <button
          type="button"
          aria-expanded={full}
          aria-controls={tableId}
          onClick={() => setFull(!full)}
          className="mt-3 w-full rounded border border-stone-700 px-3 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800"
        >
          {full ? `Show Top ${LEADERBOARD_TOP}` : `Show Full Leaderboard (${entries.length})`}
        </button>
      )}
    </section>
  );
}
