import { daysUntilBack, type AwayMember } from '#core/members/inactivity.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { daysText } from './inactive-member-item.tsx';
import { MemberNameLine } from './member-name-line.tsx';

/**
 * A member away today: not on the inactive list until their date has passed, or the admin clears it.
 * Their last day away, and how soon they are back.
 */
export function AwayMemberItem({
  member,
  today,
  busy,
  onClear,
}: {
  member: AwayMember;
  today: string;
  busy: boolean;
  onClear: () => void;
}) {
  const back = daysUntilBack(member.away_until, today);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-800 bg-stone-900/60 p-3">
      <div className="min-w-0 text-sm">
        <MemberNameLine name={member.name} hidden={member.hidden} />
        <p className="text-stone-300">
          {roleDisplayName(member.womrole)} · away until {formatLongDate(member.away_until)}
        </p>
        <p className="text-xs text-stone-400">Back in {daysText(back)}</p>
      </div>
      <button
        type="button"
        onClick={onClear}
        aria-label={`Clear away date for ${member.name}`}
        disabled={busy}
        aria-busy={busy}
        className="rounded border border-stone-600 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
      >
        Clear
      </button>
    </li>
  );
}
