import { EyeOff, UserX } from 'lucide-react';
import { memo, useId, useRef, useState, type MouseEvent } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { sameRsn } from '#core/members/names.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import { DetailsToggleCell } from '../../../components/details-toggle-cell.tsx';
import { formatNumber, formatShortDate } from '../../../lib/format.ts';
import type { MemberActions } from '../hooks/use-member-actions.ts';
import { memberName } from '../lib/member-name.ts';
import { isOutsideWomGroup } from '../lib/not-in-wom.ts';
import { useClan } from '../../../lib/clan-query.ts';
import { AdminMemberDetails, type Award } from './admin-member-details.tsx';

export const ADMIN_TABLE_COLUMNS = 8;

/**
 * A column shown from the `sm` width up. On a phone a row keeps its name (with the role under it),
 * score and '+2 Points', so nothing needs sideways scrolling; the rest is in the row's details.
 */
export const WIDE_ONLY = 'hidden sm:table-cell';

/** A click on a control inside the row is that control's, not a request to open the row. */
function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('button, a, input, select') !== null;
}

/**
 * One member of the admin table: a summary row with '+2 Points', which opens on a click anywhere
 * else on it (or by its button, from the keyboard) to show the details and actions beneath.
 * Memoised: a change to one member renders only that member's row.
 */
export const AdminMemberRow = memo(function AdminMemberRow({
  member,
  actions,
}: {
  member: AdminMember;
  actions: MemberActions;
}) {
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [awarding, setAwarding] = useState(false);
  // The row's quick award is the clan's first +N button (spec §2: '+2 Points' unless changed).
  const quick = useClan().data?.points.buttons[0];
  // Set at once, unlike the state: a double-click's second click must not award the points again.
  const awardingRef = useRef(false);
  const detailsId = useId();
  const name = memberName(member);
  const toggle = () => setExpanded(!expanded);
  const role = (
    <>
      {roleDisplayName(member.womrole)}
      {member.role_mismatch && <span className="ml-1 text-amber-400">(mismatch)</span>}
    </>
  );
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  /**
   * Gives the points once per press: a double-click's second click (`detail` 2) is not a second
   * award, and the row's point buttons wait until the server has answered. Resolves whether the
   * points were booked.
   */
  const award: Award = async (amount, event, reason = null) => {
    if (event.detail > 1 || awardingRef.current) return false;
    awardingRef.current = true;
    setAwarding(true);
    try {
      return await actions.addPoints(member, amount, reason);
    } finally {
      awardingRef.current = false;
      setAwarding(false);
    }
  };

  return (
    <>
      <tr
        onClick={(event) => !fromControl(event) && toggle()}
        className={`cursor-pointer border-t border-stone-800 hover:bg-stone-900 ${expanded ? 'bg-stone-900' : ''} ${member.hidden ? 'text-stone-400' : ''}`}
      >
        <DetailsToggleCell expanded={expanded} detailsId={detailsId} name={name} onClick={toggle} />
        <th scope="row" className="px-2 py-2 text-left font-medium">
          <span className="flex flex-wrap items-center gap-2">
            {/* A long name without spaces breaks rather than widen the table past a phone's width. */}
            <span className={`wrap-anywhere ${member.hidden ? 'text-stone-400' : 'text-stone-100'}`}>
              {name}
            </span>
            {member.hidden && (
              <span className="inline-flex items-center gap-1 rounded bg-stone-800 px-1.5 py-0.5 text-xs font-normal text-stone-300">
                <EyeOff aria-hidden="true" className="h-3 w-3" />
                Hidden
              </span>
            )}
            {isOutsideWomGroup(member) && (
              <span className="inline-flex items-center gap-1 rounded bg-amber-950 px-1.5 py-0.5 text-xs font-normal text-amber-200">
                <UserX aria-hidden="true" className="h-3 w-3" />
                Not in WOM group
              </span>
            )}
          </span>
          {member.wom_name && !sameRsn(member.wom_name, name) && (
            <span className="block text-xs font-normal wrap-anywhere text-stone-400">
              WOM: {member.wom_name}
            </span>
          )}
          {/* On a phone the role column is gone: the role goes under the name instead. */}
          <span className="block text-xs font-normal text-stone-300 sm:hidden">{role}</span>
        </th>
        <td className="px-2 py-2 text-right font-semibold text-gold-300 tabular-nums">
          {formatNumber(member.siege_score)}
        </td>
        <td className={`${WIDE_ONLY} px-2 py-2 whitespace-nowrap`}>{role}</td>
        <td className={`${WIDE_ONLY} px-2 py-2 text-right tabular-nums`}>{formatNumber(member.ehb)}</td>
        <td className={`${WIDE_ONLY} px-2 py-2 text-right tabular-nums`}>{formatNumber(member.clan_xp)}</td>
        <td className={`${WIDE_ONLY} px-2 py-2 whitespace-nowrap`}>
          {member.join_date ? formatShortDate(member.join_date) : '-'}
        </td>
        <td className="px-2 py-2 pr-3 text-right sm:text-left">
          {quick !== undefined && (
            <button
              type="button"
              aria-label={`+${quick} Points for ${name}`}
              disabled={awarding}
              onClick={(event) => void award(quick, event)}
              className="rounded bg-emerald-800 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-emerald-50 hover:bg-emerald-700 disabled:opacity-60"
            >
              +{quick} Points
            </button>
          )}
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="bg-stone-900">
          <td colSpan={ADMIN_TABLE_COLUMNS} className="px-4 pt-1 pb-4 sm:pl-12">
            <AdminMemberDetails
              member={member}
              name={name}
              actions={actions}
              busy={busy}
              run={run}
              awarding={awarding}
              award={award}
            />
          </td>
        </tr>
      )}
    </>
  );
});
