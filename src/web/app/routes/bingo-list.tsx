import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { pathTo } from '#core/site/pages.ts';
import { paths } from '../../config/paths.ts';
import { useBingoList } from '../../features/bingo/api/get-bingo.ts';

const STATUS_WORD = { upcoming: 'Starts soon', running: 'Running', finished: 'Finished' } as const;

/** In the visitor's own time zone, as the issue asks of a board's start and end. */
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /bingo: the clan's boards, current and past (issue 31). */
export function Component() {
  const boards = useBingoList();
  return (
    <div className="space-y-6">
      <PageHeader title="Bingo">The clan's bingo boards, checked from the game as members play.</PageHeader>
      <QueryState query={boards} loadingLabel="Loading boards..." errorTitle="Error Loading Bingo">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title="No bingo boards yet" />
          ) : (
            <ul className="space-y-2">
              {items.map((board) => (
                <li key={board.id} className="rounded-lg border border-stone-800 bg-stone-900 p-4">
                  <Link
                    to={pathTo(paths.bingo, board.id)}
                    className="text-lg font-semibold text-gold-300 hover:underline"
                  >
                    {board.title}
                  </Link>
                  <p className="text-sm text-stone-400">
                    {STATUS_WORD[board.status]} · {when(board.starts_at)} to {when(board.ends_at)}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
