import { useId } from 'react';
import type { PersonalBestBoard as Board } from '#core/dink/dink.schema.ts';
import { formatDuration } from '#core/dink/durations.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { MemberLink } from '../../../components/member-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { usePersonalBests, type PersonalBestChoice } from '../api/get-personal-bests.ts';
import { usePersonalBestChoice } from '../hooks/use-personal-best-choice.ts';
import { RankBadge } from '../../../components/rank-badge.tsx';
import { ScreenshotViewer } from './screenshot-viewer.tsx';

const CONTROL =
  'w-full min-w-0 rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400';
const LABEL = 'mb-1 block text-sm font-medium text-stone-200';
const CELL = 'px-4 py-2';

/** 1 -> 'Solo', 4 -> '4 players': Dink's party size. */
export function teamSizeLabel(size: number): string {
  return size === 1 ? 'Solo' : `${size} players`;
}

function Pickers({
  board,
  choice,
  onChange,
}: {
  board: Board;
  choice: PersonalBestChoice;
  onChange: (choice: PersonalBestChoice) => void;
}) {
  const ids = { boss: useId(), size: useId() };
  // What was asked for shows at once, while its board loads; the server's own choice otherwise.
  const boss = choice.boss ?? board.boss ?? '';
  const sizes = board.bosses.find((entry) => entry.boss === boss)?.team_sizes ?? [];
  const size = choice.team_size ?? board.team_size ?? '';
  return (
    <form
      role="search"
      aria-label="Choose a board"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      <div className="min-w-0">
        <label htmlFor={ids.boss} className={LABEL}>
          Boss
        </label>
        <select
          id={ids.boss}
          value={boss}
          onChange={(event) => onChange({ boss: event.target.value })}
          className={CONTROL}
        >
          {board.bosses.map((entry) => (
            <option key={entry.boss} value={entry.boss}>
              {entry.boss}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={ids.size} className={LABEL}>
          Team size
        </label>
        <select
          id={ids.size}
          value={size}
          onChange={(event) => onChange({ boss, team_size: Number(event.target.value) })}
          className={CONTROL}
        >
          {sizes.map((teamSize) => (
            <option key={teamSize} value={teamSize}>
              {teamSizeLabel(teamSize)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function Entries({ board, busy }: { board: Board; busy: boolean }) {
  if (board.entries.length === 0) return <EmptyState title="No times on this board yet" />;
  const caption = `${board.boss ?? 'Personal bests'}${board.team_size === null ? '' : `, ${teamSizeLabel(board.team_size).toLowerCase()}`}: best times`;
  // A column only when some time came with its kill's screenshot.
  const pictures = board.entries.some((entry) => entry.thumbnail_url !== null);
  const columns = ['Rank', 'Player', 'Time', 'Date', ...(pictures ? ['Screenshot'] : [])];
  return (
    <div aria-busy={busy}>
      <DataTable caption={caption} columns={columns}>
        {board.entries.map((entry) => (
          <tr key={`${entry.wom_id}-${entry.occurred_at}`} className="border-t border-stone-800">
            <td className={CELL}>
              <RankBadge rank={entry.rank} />
            </td>
            <td className={`${CELL} font-medium text-stone-100 [overflow-wrap:anywhere]`}>
              <MemberLink womId={entry.wom_id}>{entry.player_name}</MemberLink>
            </td>
            <td className={`${CELL} font-semibold text-gold-300 tabular-nums`}>
              {formatDuration(entry.time_ms)}
            </td>
            <td className={`${CELL} whitespace-nowrap text-stone-400`}>
              <time dateTime={entry.occurred_at}>{formatShortDate(entry.occurred_at)}</time>
            </td>
            {pictures && (
              <td className={CELL}>
                {entry.image_url !== null && entry.thumbnail_url !== null && (
                  <ScreenshotViewer
                    thumbnailUrl={entry.thumbnail_url}
                    imageUrl={entry.image_url}
                    alt={`Screenshot of ${entry.player_name}: ${board.boss ?? ''} in ${formatDuration(entry.time_ms)}`}
                    className="w-24"
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** The personal-best board for a boss and team size, both chosen from what is on record. */
export function PersonalBestBoard() {
  const [choice, setChoice] = usePersonalBestChoice();
  const query = usePersonalBests(choice);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold text-gold-300">
        Personal Bests
      </h2>
      <QueryState
        query={query}
        loadingLabel="Loading personal bests..."
        errorTitle="Unable to Load Personal Bests"
        errorMessage="We're having trouble loading the personal-best board right now. Please try again later."
      >
        {(board) =>
          board.bosses.length === 0 ? (
            <EmptyState title="No personal bests yet">
              Times come from members&apos; Dink plugin when they beat their best kill time.
            </EmptyState>
          ) : (
            <div className="space-y-4">
              <Pickers board={board} choice={choice} onChange={setChoice} />
              <Entries board={board} busy={query.isPlaceholderData} />
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
