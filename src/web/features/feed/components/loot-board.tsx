import { useId } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { useLootBoard } from '../api/get-loot-board.ts';
import { RankBadge } from '../../../components/rank-badge.tsx';

const CELL = 'px-4 py-2';

/** The current season's total value of drops per member, highest first. */
export function LootBoard() {
  const query = useLootBoard();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-gold-300">
          Season Loot
        </h2>
        {query.data?.season && (
          <p className="mt-1 text-sm text-stone-400">
            {query.data.season.name}, since {formatLongDate(query.data.season.started_at)}
          </p>
        )}
      </div>
      <QueryState
        query={query}
        loadingLabel="Loading the loot board..."
        errorTitle="Unable to Load the Loot Board"
        errorMessage="We're having trouble loading this season's drops right now. Please try again later."
      >
        {(board) =>
          board.entries.length === 0 ? (
            <EmptyState title={board.season ? 'No drops this season yet' : 'No season is open'} />
          ) : (
            <DataTable
              caption="Total value of drops this season"
              columns={['Rank', 'Player', 'Total value (gp)', 'Drops']}
            >
              {board.entries.map((entry) => (
                <tr key={entry.wom_id} className="border-t border-stone-800">
                  <td className={CELL}>
                    <RankBadge rank={entry.rank} />
                  </td>
                  <td className={`${CELL} font-medium text-stone-100 [overflow-wrap:anywhere]`}>
                    <MemberLink womId={entry.wom_id}>{entry.player_name}</MemberLink>
                  </td>
                  <td className={`${CELL} font-semibold whitespace-nowrap text-gold-300 tabular-nums`}>
                    {formatNumber(entry.total_value)}
                  </td>
                  <td className={`${CELL} text-stone-200 tabular-nums`}>{formatNumber(entry.drops)}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
