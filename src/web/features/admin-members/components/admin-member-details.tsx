import { AlertTriangle } from 'lucide-react';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { NOT_TRACKED_TEXT, isTrackedByWom } from '#core/members/wom-tracking.ts';
import { useClan } from '../../../lib/clan-query.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { POINTS_REASON_MAX } from '#core/members/points-history.ts';
import { joinDateChoice } from '#core/members/member-returns.ts';
import { normaliseRole, roleDisplayName } from '#core/members/roles.ts';
import { formatNumber, formatShortDate } from '../../../lib/format.ts';
import type { MemberActions } from '../hooks/use-member-actions.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { MemberPointsHistory } from './member-points-history.tsx';
import { UnwhitelistButton } from './unwhitelist-button.tsx';

/** Books points for one press; resolves whether the server booked them. */
export type Award = (amount: number, event: MouseEvent, reason?: string | null) => Promise<boolean>;

const buttonClass =
  'rounded border border-stone-700 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-50';

function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded border border-amber-800 bg-amber-950/60 px-3 py-2 text-sm text-amber-200">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function playerWatchStatus(member: AdminMember): string {
  if (member.runewatch_whitelisted) {
    return `Whitelisted: ${member.runewatch_whitelist_reason ?? 'no reason given'}`;
  }
  if (member.runewatch_reported) {
    const reason = member.runewatch_case?.reason;
    return reason ? `Reported on RuneWatch: ${reason}` : 'Reported on RuneWatch';
  }
  return 'Not reported';
}

/**
 * What an admin sees on opening a row (spec §2, Admin member table): rank and WOM warnings, the
 * player-watch state, the member's WOM and XP details, and the member's actions.
 */
/** Where Initial XP and Level came from, as the admin reads it. */
const BASELINE_LABELS: Record<AdminMember['baseline_source'], string> = {
  imported: 'Imported CSV',
  admin: 'Set by an admin',
  wom_history: 'WOM history at join',
  first_seen: 'First seen by this site',
};

export function AdminMemberDetails({
  member,
  name,
  actions,
  busy,
  run,
  awarding,
  award,
}: {
  member: AdminMember;
  name: string;
  actions: MemberActions;
  busy: boolean;
  run: (action: () => Promise<void>) => void;
  /** Points are on their way to the server: the point buttons wait for its answer. */
  awarding: boolean;
  award: Award;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const buttons = useClan().data?.points.buttons ?? [];
  // The reason goes with the next award only: once booked, the box is empty for the one after.
  const give = async (amount: number, event: MouseEvent) => {
    if (await award(amount, event, reason.trim() || null)) setReason('');
  };
  const role = roleDisplayName(member.womrole);
  const calculated = roleDisplayName(member.calculated_rank);
  const womRole = normaliseRole(member.wom_role_synced);
  const womRoleDiffers = womRole !== null && womRole !== normaliseRole(member.womrole);
  const tracked = isTrackedByWom(member);
  const returned = joinDateChoice(member.returns);
  const fields: Array<{ label: string; value: string; phoneOnly?: boolean }> = [
    { label: 'Current Role', value: role },
    { label: 'Calculated Rank', value: calculated },
    { label: 'Player Watch', value: playerWatchStatus(member) },
    { label: 'WOM ID', value: member.wom_id },
    { label: 'WOM Name', value: member.wom_name ?? '-' },
    { label: 'Current Level', value: tracked ? formatNumber(member.current_lvl) : '-' },
    { label: 'Current XP', value: tracked ? formatNumber(member.current_xp) : '-' },
    { label: 'Initial XP', value: tracked ? formatNumber(member.first_xp) : '-' },
    { label: 'Baseline From', value: BASELINE_LABELS[member.baseline_source] },
    { label: 'Updated At', value: formatDateTime(member.updated_at) },
    ...(returned
      ? [
          {
            label: 'Returned to the Clan',
            value: `${formatShortDate(returned.returned_on)} (first joined ${formatShortDate(returned.first_joined)})`,
          },
        ]
      : []),
    // The table's columns a phone does not show (WIDE_ONLY), so they are still a tap away there.
    { label: 'EHB', value: formatNumber(member.ehb), phoneOnly: true },
    { label: 'Clan XP', value: formatNumber(member.clan_xp), phoneOnly: true },
    { label: 'Joined', value: member.join_date ? formatShortDate(member.join_date) : '-', phoneOnly: true },
  ];

  return (
    <div className="space-y-4">
      {member.rank_proposal && (
        <Warning>
          Role mismatch: {role} should be {roleDisplayName(member.rank_proposal.rank)} (
          {member.rank_proposal.basis}).
        </Warning>
      )}
      {womRoleDiffers && (
        <Warning>WOM still shows {roleDisplayName(womRole)}: change the in-game rank to match.</Warning>
      )}
      {member.runewatch_reported && !member.runewatch_whitelisted && (
        <Warning>Flagged by player watch: reported on RuneWatch and not whitelisted.</Warning>
      )}
      {member.not_in_wom && <Warning>Not in WOM: this player is not in the clan&apos;s WOM group.</Warning>}
      {!tracked && (
        <Warning>
          {NOT_TRACKED_TEXT}: their levels and XP are known once Wise Old Man first updates them.
        </Warning>
      )}
      {/* One column on a phone, where two would squeeze long values such as a whitelist reason. */}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((field) => (
          <div key={field.label} className={field.phoneOnly ? 'sm:hidden' : undefined}>
            <dt className="text-xs font-medium tracking-wide text-stone-400 uppercase">{field.label}</dt>
            <dd className="break-words text-stone-100">{field.value}</dd>
          </div>
        ))}
      </dl>
      <div role="group" aria-label={`Add siege points to ${name}`} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 grow flex-col gap-1 sm:max-w-xs">
          <label htmlFor={reasonId} className="text-xs font-medium tracking-wide text-stone-400 uppercase">
            Reason (optional)
          </label>
          <input
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={POINTS_REASON_MAX}
            autoComplete="off"
            placeholder="Shown in the points history"
            className="rounded border border-stone-700 bg-stone-950 px-2 py-1.5 text-sm text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
          />
        </div>
        <div className="flex gap-2">
          {buttons.map((amount) => (
            <button
              key={amount}
              type="button"
              disabled={awarding}
              onClick={(event) => void give(amount, event)}
              className="rounded bg-emerald-800 px-3 py-1.5 text-sm font-semibold text-emerald-50 hover:bg-emerald-700 disabled:opacity-60"
            >
              +{amount}
            </button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => actions.edit(member)} className={buttonClass}>
          Edit
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => run(() => actions.setHidden(member, !member.hidden))}
          className={buttonClass}
        >
          {member.hidden ? 'Unhide' : 'Hide'}
        </button>
        <UnwhitelistButton member={member} notify={actions.notify} />
        <button
          type="button"
          disabled={busy}
          onClick={() => run(() => actions.remove(member))}
          className="rounded border border-red-900 px-3 py-1.5 text-sm font-medium text-red-300 hover:bg-red-950 disabled:opacity-50"
        >
          Delete
        </button>
      </div>
      <MemberPointsHistory womId={member.wom_id} name={name} />
    </div>
  );
}
