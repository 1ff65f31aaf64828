import { Link, useParams } from 'wouter';
import { pathTo, paths } from '#core/site/pages.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../components/page-title.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SignInNotice } from '../../components/sign-in-notice.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useBingoBoard } from '../../features/bingo/api/get-bingo.ts';
import { useMyBingo } from '../../features/bingo/api/my-bingo.ts';
import { RefereeQueue } from '../../features/bingo/components/referee-queue.tsx';

/** /bingo/:id/referee: a board's referee queue, for its referees and the admins (issue 31). */
export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const board = useBingoBoard(id);
  const signedIn = Boolean(useMe().data?.user);
  const mine = useMyBingo(Number(id), signedIn);
  usePageTitle(board.data ? `Referee: ${board.data.title}` : 'Referee');
  if (!signedIn) return <SignInNotice title="Please Log In" message="Sign in to referee this board." />;
  return (
    <QueryState query={board} loadingLabel="Loading the board..." errorTitle="Error Loading the Board">
      {(data) => (
        <div className="space-y-6">
          <PageHeader title={`Referee: ${data.title}`}>
            <Link to={pathTo(paths.bingo, data.id)} className="text-gold-300 underline hover:text-gold-200">
              Back to the board
            </Link>
          </PageHeader>
          {mine.data && !mine.data.referee ? (
            <p className="text-stone-300">Only this board's referees and the admins can referee it.</p>
          ) : (
            <RefereeQueue boardId={data.id} codeword={mine.data?.codeword ?? null} />
          )}
        </div>
      )}
    </QueryState>
  );
}
