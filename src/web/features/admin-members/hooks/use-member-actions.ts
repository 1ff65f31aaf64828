import { useMemo } from 'react';
import { toast } from 'sonner';
import { MEMBER_FORM_MESSAGES, type AdminMember } from '#core/members/admin-members.schema.ts';
import type { ConfirmQuestion } from '../../../components/confirm-dialog.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useAddPoints, useDeleteMember, useSetVisibility } from '../api/member-actions.ts';
import { errorMessage } from '../lib/error-message.ts';
import { memberName } from '../lib/member-name.ts';

/** Spec §9: the points toast fades after 2 s. */
export const POINTS_TOAST_MS = 2000;

/** What a row of the admin table can do; each settles once the server has answered. */
export interface MemberActions {
  /** Resolves true once the server booked the points, false when it refused (the admin is told). */
  addPoints(member: AdminMember, amount: number, reason?: string | null): Promise<boolean>;
  setHidden(member: AdminMember, hidden: boolean): Promise<void>;
  remove(member: AdminMember): Promise<void>;
  edit(member: AdminMember): void;
  /** The tab's notices, for the row's controls that run their own dialogs (un-whitelisting). */
  notify: Notify;
}

/**
 * The row actions with the spec's messages (§8); a delete is asked in the tab's confirm dialog.
 * The object keeps its identity while `notify`, `edit` and `confirm` do, so the table's memoised rows do not all render again when one member changes. Each
 * call awaits its own request: a mutation's per-call callbacks would only fire for the last of
 * several quick clicks.
 */
export function useMemberActions(
  notify: Notify,
  edit: (member: AdminMember) => void,
  confirm: (question: ConfirmQuestion) => Promise<boolean>,
): MemberActions {
  const { mutateAsync: addPoints } = useAddPoints();
  const { mutateAsync: setVisibility } = useSetVisibility();
  const { mutateAsync: deleteMember } = useDeleteMember();

  return useMemo(
    () => ({
      async addPoints(member, amount, reason = null) {
        try {
          await addPoints({ womId: member.wom_id, amount, reason });
          toast(`Added ${amount} points to ${memberName(member)}`, { duration: POINTS_TOAST_MS });
          return true;
        } catch (error) {
          notify({ kind: 'error', text: `Failed to update siege score: ${errorMessage(error)}` });
          return false;
        }
      },
      async setHidden(member, hidden) {
        try {
          await setVisibility({ womId: member.wom_id, hidden });
        } catch {
          notify({ kind: 'error', text: 'Failed to update visibility' });
        }
      },
      async remove(member) {
        const name = memberName(member);
        if (member.wom_id.trim() === '') {
          notify({ kind: 'error', text: MEMBER_FORM_MESSAGES.deleteMissingId });
          return;
        }
        const yes = await confirm({
          title: `Are you sure you want to delete ${name}?`,
          description:
            'They leave the roster and the public site. Their points and history stay, and they can be restored from Deleted Members.',
          label: 'Delete Member',
        });
        if (!yes) return;
        try {
          await deleteMember(member.wom_id);
          notify({ kind: 'success', text: `${name} was successfully deleted.` });
        } catch (error) {
          notify({ kind: 'error', text: `Failed to delete ${name}: ${errorMessage(error)}` });
        }
      },
      edit,
      notify,
    }),
    [addPoints, setVisibility, deleteMember, notify, edit, confirm],
  );
}
