import { useState } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useDeletedMembers } from '../api/get-deleted-members.ts';
import { useRestoreMember } from '../api/member-actions.ts';
import { errorMessage } from '../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { memberName } from '../lib/member-name.ts';
import { WIDE_ONLY } from './admin-member-row.tsx';

function RestoreButton({ member, notify }: { member: AdminMember; notify: Notify }) {
  const { mutateAsync: restore } = useRestoreMember();
  const [busy, setBusy] = useState(false);
  const name = memberName(member);
  const onRestore = async () => {
    setBusy(true);
    try {
      await restore(member.wom_id);
      notify({ kind: 'success', text: `${name} was successfully restored.` });
    } catch (error) {
      notify({ kind: 'error', text: `Failed to restore ${name}: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onRestore()}
      disabled={busy}
      className="rounded border border-stone-700 px-3 py-1.5 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-50"
    >
      Restore
    </button>
  );
}

/** On a phone the WOM ID gives way, so each row's Restore is on screen without sideways scrolling. */
function DeletedTable({ members, notify }: { members: AdminMember[]; notify: Notify }) {
  if (members.length === 0) return <EmptyState title="No deleted members." />;
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deleted members</caption>
        <thead className="bg-stone-900 text-stone-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className={`${WIDE_ONLY} px-3 py-2 font-medium`}>
              WOM ID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Deleted At
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.wom_id} className="border-t border-stone-800">
              <th scope="row" className="px-3 py-2 font-medium wrap-anywhere text-stone-100">
                {memberName(member)}
              </th>
              <td className={`${WIDE_ONLY} px-3 py-2 tabular-nums`}>{member.wom_id}</td>
              <td className="px-3 py-2">{member.deleted_at ? formatDateTime(member.deleted_at) : '-'}</td>
              <td className="px-3 py-2 text-right">
                <RestoreButton member={member} notify={notify} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Soft-deleted members, most recently deleted first, each with Restore (their points come back with them). */
export function DeletedMembers({ notify }: { notify: Notify }) {
  const deleted = useDeletedMembers();
  return (
    <QueryState
      query={deleted}
      loadingLabel="Loading deleted members..."
      errorTitle="Error Loading Data"
      errorMessage={deleted.error?.message || 'Failed to load data'}
    >
      {(data) => <DeletedTable members={data} notify={notify} />}
    </QueryState>
  );
}
