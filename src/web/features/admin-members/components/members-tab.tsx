import { Plus, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { searchMembers } from '#core/members/member-search.ts';
import { sortRoster } from '#core/members/roster-filters.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { savedText, type Notify } from '../../../components/notice-banner.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useAdminMembers } from '../api/get-admin-members.ts';
import { useMemberActions } from '../hooks/use-member-actions.ts';
import { takeSavedMember } from '../lib/saved-member-notice.ts';
import { AdminActions } from './admin-actions.tsx';
import { AdminMemberTable } from './admin-member-table.tsx';
import { MemberFormDialog, type MemberFormTarget } from './member-form-dialog.tsx';

const EMPTY: readonly AdminMember[] = [];

/**
 * The dashboard's members tab (spec §2): search, the admin table with its row actions, a refresh,
 * adding and editing members in a modal, and the footer's export and reset. The search term is the
 * page's (it lives in the URL).
 */
export function MembersTab({
  notify,
  search,
  onSearchChange,
}: {
  notify: Notify;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminMembers();
  const [formTarget, setFormTarget] = useState<MemberFormTarget | null>(null);
  const edit = useCallback((member: AdminMember) => setFormTarget({ member }), []);
  const { confirm, dialog } = useConfirm();
  const actions = useMemberActions(notify, edit, confirm);
  const members = data ?? EMPTY;
  const sorted = useMemo(() => sortRoster(members), [members]);
  const visible = useMemo(() => searchMembers(sorted, search), [sorted, search]);
  // Arriving from the new member page: say the member was saved.
  useEffect(() => {
    const saved = takeSavedMember();
    if (saved !== null) notify({ kind: 'success', text: savedText(saved) });
  }, [notify]);

  return (
    <TabSection
      title="Member Management"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => setFormTarget({ member: null })}
            className="flex items-center gap-2 rounded bg-gold-500 px-3 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Member
          </button>
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            aria-busy={isFetching}
            className="flex items-center gap-2 rounded border border-stone-700 px-3 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
          >
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
          <Link
            to={paths.adminDeletedMembers}
            className="rounded px-3 py-2 text-sm font-medium text-stone-300 underline-offset-2 hover:text-stone-100 hover:underline"
          >
            Deleted Members
          </Link>
        </div>
      }
    >
      <SearchBox
        label="Search members"
        placeholder="Search members by name, WOM name, or role..."
        value={search}
        onChange={onSearchChange}
      />

      {isError && (
        <ErrorState
          title="Error Loading Data"
          message={error.message || 'Failed to load data'}
          onRetry={() => void refetch()}
        />
      )}
      {isPending ? (
        <LoadingState label="Loading members data..." />
      ) : data === undefined ? null : visible.length === 0 ? (
        <EmptyState title="No members found." />
      ) : (
        <>
          <p className="text-sm text-stone-400">
            {visible.length === members.length
              ? `${formatNumber(members.length)} members`
              : `${formatNumber(visible.length)} of ${formatNumber(members.length)} members`}
          </p>
          <AdminMemberTable members={visible} actions={actions} />
        </>
      )}

      <AdminActions notify={notify} />
      <MemberFormDialog target={formTarget} onClose={() => setFormTarget(null)} notify={notify} />
      {dialog}
    </TabSection>
  );
}
