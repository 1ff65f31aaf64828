import { useId, useState } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { UNWHITELIST_REASON_REQUIRED } from '#core/members/unwhitelist.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useUnwhitelistMember } from '../api/unwhitelist-member.ts';
import { memberName } from '../lib/member-name.ts';

/** What the admin is told once a member is off the whitelist. */
export const unwhitelistedText = (name: string) => `${name} was removed from the whitelist`;

function UnwhitelistConfirm({
  member,
  onClose,
  onUnwhitelisted,
}: {
  member: AdminMember;
  onClose: () => void;
  onUnwhitelisted: (name: string) => void;
}) {
  const unwhitelist = useUnwhitelistMember();
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const reasonId = useId();
  const hintId = useId();
  const name = memberName(member);

  const confirm = () => {
    const given = reason.trim();
    // Checked here so the admin is told in words, not only by the browser's tooltip.
    setMissingReason(given === '');
    if (given === '') return;
    unwhitelist.mutate({ womId: member.wom_id, reason: given }, { onSuccess: () => onUnwhitelisted(name) });
  };

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={confirm}
      title={`Remove ${name} from the whitelist`}
      description="A reported member shows in the player-watch alerts again. The reason is kept in the audit log."
      label="Remove from Whitelist"
      pendingLabel="Removing..."
      pending={unwhitelist.isPending}
      error={unwhitelist.isError ? `Failed to remove from whitelist: ${unwhitelist.error.message}` : null}
    >
      {member.runewatch_whitelist_reason && (
        <p className="text-sm text-stone-300">
          Whitelisted because: <span className="text-stone-100">{member.runewatch_whitelist_reason}</span>
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor={reasonId} className="block text-sm font-medium text-stone-200">
          Reason (required)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim() !== '') setMissingReason(false);
          }}
          required
          aria-invalid={missingReason}
          aria-describedby={missingReason ? hintId : undefined}
          maxLength={500}
          rows={3}
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
        />
        {missingReason && (
          <p id={hintId} role="alert" className="text-sm text-red-300">
            {UNWHITELIST_REASON_REQUIRED}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

/**
 * 'Remove {name} from the whitelist', asked in the confirm dialog: a reason is required, and a
 * reported member is an alert again once it is done.
 */
export function UnwhitelistDialog({
  member,
  onClose,
  onUnwhitelisted,
}: {
  member: AdminMember | null;
  onClose: () => void;
  onUnwhitelisted: (name: string) => void;
}) {
  return member ? (
    <UnwhitelistConfirm
      key={member.wom_id}
      member={member}
      onClose={onClose}
      onUnwhitelisted={onUnwhitelisted}
    />
  ) : null;
}
