import type { MemberReturn } from '#core/members/member-returns.ts';
import { formatLongDate } from '../../../lib/format.ts';

/**
 * A member's time in the clan once they have left and come back (issue 29): when they first
 * joined, then each leave the site saw and each return, oldest first.
 */
export function MembershipHistory({
  joinDate,
  returns,
}: {
  joinDate: string | null;
  returns: readonly MemberReturn[];
}) {
  const firstJoined = returns[0]?.joined_before ?? joinDate;
  const steps = [
    ...(firstJoined === null ? [] : [{ what: 'Joined the clan', when: firstJoined }]),
    ...returns.flatMap((back) => [
      ...(back.left_at === null ? [] : [{ what: 'Left the clan', when: back.left_at }]),
      { what: 'Returned to the clan', when: back.returned_on },
    ]),
  ];
  return (
    <ol className="space-y-1 border-l border-stone-700 pl-4 text-sm text-stone-300">
      {steps.map((step, index) => (
        <li key={index}>
          <span className="font-medium text-stone-100">{step.what}</span> on {formatLongDate(step.when)}
        </li>
      ))}
    </ol>
  );
}
