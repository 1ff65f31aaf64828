import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import { savedText, type Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useBoards, type AdminBoard } from '../api/admin-bingo.ts';
import { emptyBoard } from '../lib/board-form.ts';
import { BoardAdmin } from './board-admin.tsx';
import { BoardBuilder } from './board-builder.tsx';

const STATUS = { upcoming: 'Upcoming', running: 'Running', finished: 'Finished' } as const;

/**
 * The dashboard's Bingo tab (issue 31): the boards, newest first, each opening to be run; and a new
 * board, built here or from a template.
 */
export function BingoTab({
  notify,
  members,
  queue,
}: {
  notify: Notify;
  members: readonly MemberChoice[];
  queue: (board: AdminBoard) => ReactNode;
}) {
  const boards = useBoards();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <TabSection
      title="Bingo"
      description="Boards that check themselves from Dink and Wise Old Man, with a referee queue for the rest."
      actions={
        <button
          type="button"
          onClick={() => setCreating(true)}
          className="inline-flex items-center gap-1.5 rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400"
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> New Board
        </button>
      }
    >
      <QueryState query={boards} loadingLabel="Loading the boards..." errorTitle="Error Loading the Boards">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title="No bingo boards yet." />
          ) : (
            <ul className="space-y-3">
              {items.map((board) => (
                <li key={board.id} className="space-y-2">
                  <button
                    type="button"
                    aria-expanded={open === board.id}
                    onClick={() => setOpen(open === board.id ? null : board.id)}
                    className="flex w-full flex-wrap items-baseline justify-between gap-2 rounded border border-stone-800 bg-stone-950 px-4 py-3 text-left hover:border-gold-400"
                  >
                    <span className="font-medium text-stone-100">{board.title}</span>
                    <span className="text-sm text-stone-400">
                      {STATUS[board.status]} · {formatDateTime(board.starts_at)} to{' '}
                      {formatDateTime(board.ends_at)}
                    </span>
                  </button>
                  {open === board.id && (
                    <BoardAdmin boardId={board.id} members={members} notify={notify} queue={queue} />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {creating && (
        <BoardBuilder
          boardId={null}
          initial={emptyBoard(new Date())}
          members={members}
          signups={[]}
          onClose={() => setCreating(false)}
          onSaved={(title) => {
            setCreating(false);
            notify({ kind: 'success', text: savedText(title) });
          }}
        />
      )}
    </TabSection>
  );
}
