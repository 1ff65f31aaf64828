import { useState } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { memberName } from '../lib/member-name.ts';
import { UnwhitelistDialog, unwhitelistedText } from './unwhitelist-dialog.tsx';

/**
 * "Remove from whitelist" for a whitelisted member's expanded row, beside its player-watch status;
 * nothing for a member who is not whitelisted. The outcome is told through `notify`.
 */
export function UnwhitelistButton({ member, notify }: { member: AdminMember; notify: Notify }) {
  const [open, setOpen] = useState(false);
  // Kept while the dialog is open: the saved member, no longer whitelisted, arrives before its success.
  if (!member.runewatch_whitelisted && !open) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Remove ${memberName(member)} from whitelist`}
        className="rounded border border-stone-700 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800"
      >
        Remove from whitelist
      </button>
      <UnwhitelistDialog
        member={open ? member : null}
        onClose={() => setOpen(false)}
        onUnwhitelisted={(name) => {
          setOpen(false);
          notify({ kind: 'success', text: unwhitelistedText(name) });
        }}
      />
    </>
  );
}
