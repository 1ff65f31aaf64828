import { Link } from 'wouter';
import { pathTo, paths } from '#core/site/pages.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useMySubmissions } from '../api/my-bingo.ts';

const STATE: Record<BingoSubmission['status'], { word: string; style: string }> = {
  pending: { word: 'Waiting for a referee', style: 'text-amber-200' },
  approved: { word: 'Approved', style: 'text-emerald-300' },
  denied: { word: 'Denied', style: 'text-red-300' },
};

/** The member's bingo proofs on their profile (issue 31): each one's state, and a denial's reason. */
export function MySubmissions() {
  const submissions = useMySubmissions();
  return (
    <section aria-labelledby="my-bingo-proofs" className="space-y-3">
      <h2 id="my-bingo-proofs" className="text-xl font-semibold text-stone-100">
        Bingo proofs
      </h2>
      <QueryState
        query={submissions}
        loadingLabel="Loading your proofs..."
        errorTitle="Error Loading Your Proofs"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-stone-400">You have sent no bingo proofs.</p>
          ) : (
            <ul className="space-y-2">
              {list.map((submission) => (
                <li key={submission.id} className="rounded border border-stone-800 bg-stone-900 p-3 text-sm">
                  <Link
                    to={pathTo(paths.bingo, submission.board_id)}
                    className="font-medium text-stone-100 underline hover:text-gold-300"
                  >
                    {submission.tile_title}
                  </Link>{' '}
                  <span className="text-stone-400">· {submission.team_name}</span>
                  <p className={STATE[submission.status].style}>
                    {STATE[submission.status].word}
                    {submission.reason ? `: ${submission.reason}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
