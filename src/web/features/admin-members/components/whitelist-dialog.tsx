import { useId, useState } from 'react';
import { DEFAULT_WHITELIST_REASON, type AdminMember } from '#core/members/admin-members.schema.ts';
import { useWhitelistMember } from '../api/member-actions.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { Modal } from '../../../components/modal.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';

/** The name the modal and its success text use: the spec's 'Player' stands in for a blank one. */
const displayName = (member: AdminMember) => member.name.trim() || 'Player';

function WhitelistForm({
  member,
  onClose,
  onWhitelisted,
}: {
  member: AdminMember;
  onClose: () => void;
  onWhitelisted: (name: string) => void;
}) {
  const whitelist = useWhitelistMember();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const name = displayName(member);

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        // An empty reason is sent as it is: the server stores the default one (spec §5).
        whitelist.mutate(
          { womId: member.wom_id, reason: reason.trim() },
          { onSuccess: () => onWhitelisted(name) },
        );
      }}
    >
      {whitelist.isError && <FormAlert>Failed to whitelist member: {whitelist.error.message}</FormAlert>}
      <div className="space-y-1">
        <label htmlFor={reasonId} className="block text-sm font-medium text-stone-200">
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={3}
          placeholder={DEFAULT_WHITELIST_REASON}
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
        />
      </div>
      <ModalActions
        onCancel={onClose}
        label="Confirm Whitelist"
        pendingLabel="Whitelisting..."
        pending={whitelist.isPending}
        tone="confirm"
      />
    </form>
  );
}

/** The 'Whitelist {name or 'Player'}' modal: an optional reason, then the member leaves the alerts. */
export function WhitelistDialog({
  member,
  onClose,
  onWhitelisted,
}: {
  member: AdminMember | null;
  onClose: () => void;
  onWhitelisted: (name: string) => void;
}) {
  return (
    <Modal
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Whitelist ${displayName(member)}` : ''}
      description={`Whitelisted members are no longer shown as alerts. Without a reason, '${DEFAULT_WHITELIST_REASON}' is recorded.`}
    >
      {member && (
        <WhitelistForm key={member.wom_id} member={member} onClose={onClose} onWhitelisted={onWhitelisted} />
      )}
    </Modal>
  );
}
