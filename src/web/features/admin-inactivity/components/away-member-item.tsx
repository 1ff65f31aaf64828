import type { AwayMember } from '#core/members/inactivity.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { formatLongDate } from '../../../lib/format.ts';

/** A member away today: not on the inactive list until their date has passed, or the admin clears it. */
export function AwayMemberItem({
  member,
  busy,
  onClear,
}: {
  member: AwayMember;
  busy: boolean;
  onClear: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-800 bg-stone-900/60 p-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold wrap-anywhere text-stone-100">{member.name}</p>
        <p className="text-stone-300">
          {roleDisplayName(member.womrole)} · away until {formatLongDate(member.away_until)}
        </p>
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
