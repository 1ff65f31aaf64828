import type { LadderProposal, RanksAnswer } from '#core/clan/admin-clan.schema.ts';
import { rankDisplayName } from '#core/clan/rank-ladder.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';

/** How many names a group lists before it says how many more: a 300-member clan's preview stays short. */
const NAMES_SHOWN = 30;

function ProposalGroup({
  title,
  proposals,
  ladder,
}: {
  title: string;
  proposals: readonly LadderProposal[];
  ladder: RankLadder;
}) {
  if (proposals.length === 0) return null;
  const more = proposals.length - NAMES_SHOWN;
  return (
    <div>
      <h4 className="font-medium text-stone-200">
        {title}: {proposals.length}
      </h4>
      <ul className="mt-1 space-y-0.5 text-sm text-stone-300">
        {proposals.slice(0, NAMES_SHOWN).map((proposal) => (
          <li key={proposal.wom_id}>
            {proposal.name}: {rankDisplayName(ladder, proposal.from)} to{' '}
            {rankDisplayName(ladder, proposal.to)}
          </li>
        ))}
        {more > 0 && <li className="text-stone-400">and {more} more</li>}
      </ul>
    </div>
  );
}

/**
 * What a ladder would change before it is saved (issue 30): who would get a promotion or demotion
 * proposal, and which ranks nobody holds.
 */
export function LadderPreview({ answer, ladder }: { answer: RanksAnswer; ladder: RankLadder }) {
  const promotions = answer.proposals.filter((proposal) => proposal.direction === 'promotion');
  const demotions = answer.proposals.filter((proposal) => proposal.direction === 'demotion');
  return (
    <div role="status" className="space-y-3 rounded border border-stone-700 bg-stone-950/60 p-3">
      <p className="font-medium text-stone-100">
        {answer.proposals.length === 0
          ? 'This ladder proposes no rank change.'
          : `This ladder would propose ${promotions.length} promotion${promotions.length === 1 ? '' : 's'} and ${demotions.length} demotion${demotions.length === 1 ? '' : 's'}.`}
      </p>
      <ProposalGroup title="Promotions" proposals={promotions} ladder={ladder} />
      <ProposalGroup title="Demotions" proposals={demotions} ladder={ladder} />
      <p className="text-sm text-stone-300">
        {answer.unheld.length === 0
          ? 'Every rank is held by at least one member.'
          : `Ranks nobody holds: ${answer.unheld.map((rank) => rank.name).join(', ')}.`}
      </p>
    </div>
  );
}
