import { NEVER_SEEN_CHANGING, type InactiveMember } from '#core/members/inactivity.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { formatLongDate, formatNumber } from '../../../lib/format.ts';
import { AwayForm } from './away-form.tsx';
import { MemberNameLine } from './member-name-line.tsx';

/** "1 day" or "40 days". */
export const daysText = (days: number) => `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;

/**
 * One inactive member as a card: name and role, when they were last seen gaining and for how long
 * not, a past away date if they had one, and the form to mark them away. One column on a phone;
 * from `sm` up the facts and the form sit side by side.
 */
export function InactiveMemberItem({
  member,
  today,
  busy,
  onSetAway,
}: {
  member: InactiveMember;
  today: string;
  busy: boolean;
  onSetAway: (awayUntil: string) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-800 bg-stone-900/60 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <MemberNameLine name={member.name} hidden={member.hidden} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-300">
          <dt className="text-stone-400">Role</dt>
          <dd>{roleDisplayName(member.womrole)}</dd>
          <dt className="text-stone-400">Last active</dt>
          <dd>{member.last_active === null ? NEVER_SEEN_CHANGING : formatLongDate(member.last_active)}</dd>
          <dt className="text-stone-400">Inactive for</dt>
          <dd className="font-medium text-amber-300">
            {member.last_active === null
              ? `at least ${daysText(member.days_inactive)}`
              : daysText(member.days_inactive)}
          </dd>
          {member.away_until !== null && (
            <>
              <dt className="text-stone-400">Was away until</dt>
              <dd>{formatLongDate(member.away_until)}</dd>
            </>
          )}
        </dl>
      </div>
      <AwayForm name={member.name} today={today} busy={busy} onSubmit={onSetAway} />
    </li>
  );
}
