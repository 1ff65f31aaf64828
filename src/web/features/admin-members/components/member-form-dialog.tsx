import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { savedText, type Notify } from '../../../components/notice-banner.tsx';
import { memberName } from '../lib/member-name.ts';
import { MemberForm } from './member-form.tsx';
import { Modal } from '../../../components/modal.tsx';

/** Which member the form is open for: `null` adds a new one. */
export type MemberFormTarget = { member: AdminMember | null };

/**
 * The 'Add New Member' / 'Edit Member' modal (spec §2, §4). A save closes it with a success banner;
 * a failure stays in the form, with a banner behind it as well (but for a conflict: see MemberForm).
 */
export function MemberFormDialog({
  target,
  onClose,
  notify,
}: {
  target: MemberFormTarget | null;
  onClose: () => void;
  notify: Notify;
}) {
  const member = target?.member ?? null;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? 'Edit Member' : 'Add New Member'}
      size="large"
    >
      {target && (
        <MemberForm
          key={member?.wom_id ?? 'new'}
          member={member}
          onClose={onClose}
          onSaved={(saved) => {
            onClose();
            notify({ kind: 'success', text: savedText(memberName(saved)) });
          }}
          onFailed={(name, message) =>
            notify({ kind: 'error', text: `Failed to save ${name || 'member'}: ${message}` })
          }
        />
      )}
    </Modal>
  );
}
