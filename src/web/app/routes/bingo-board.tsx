import { useParams } from 'wouter';
import { bingoStatus } from '#core/bingo/bingo-status.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../components/page-title.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useBingoBoard } from '../../features/bingo/api/get-bingo.ts';
import { BingoBoard } from '../../features/bingo/components/bingo-board.tsx';
import { ProofForm } from '../../features/bingo/components/proof-form.tsx';
import { MyBingoPanel } from '../../features/bingo/components/my-bingo-panel.tsx';
import { useMyBingo } from '../../features/bingo/api/my-bingo.ts';
import { useMe } from '../../features/auth/api/get-me.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /bingo/:id: one board, its tiles per team and the standings (issue 31). */
export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const board = useBingoBoard(id);
  const signedIn = Boolean(useMe().data?.user);
  const mine = useMyBingo(Number(id), signedIn);
  usePageTitle(board.data?.title ?? 'Bingo');
  return (
    <QueryState query={board} loadingLabel="Loading the board..." errorTitle="Error Loading the Board">
      {(data) => (
        <div className="space-y-6">
          <PageHeader title={data.title}>
            {when(data.starts_at)} to {when(data.ends_at)}
            {data.description && <span className="mt-1 block">{data.description}</span>}
          </PageHeader>
          {signedIn && <MyBingoPanel boardId={data.id} />}
          <BingoBoard board={data} />
          {mine.data?.team && bingoStatus(data, new Date()) === 'running' && <ProofForm board={data} />}
        </div>
      )}
    </QueryState>
  );
}
