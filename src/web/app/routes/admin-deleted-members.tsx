import { Link } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { DeletedMembers } from '../../features/admin-members/components/deleted-members.tsx';
import { NoticeList } from '../admin/notice-list.tsx';
import { useNotices } from '../admin/use-notices.ts';
import { AdminGate } from '../layout/admin-gate.tsx';

function DeletedMembersPage() {
  const { notices, notify, dismiss } = useNotices();
  return (
    <>
      <PageHeader title="Deleted Members">
        <p>Members deleted from the dashboard. Restoring one brings them back with their points.</p>
        <Link to={paths.admin} className="mt-2 inline-block text-sm underline-offset-2 hover:underline">
          Back to Clan Administration
        </Link>
      </PageHeader>
      <NoticeList notices={notices} onDismiss={dismiss} />
      <DeletedMembers notify={notify} />
    </>
  );
}

/** /admin/members/deleted: soft-deleted members, each with Restore. */
export function Component() {
  return (
    <AdminGate>
      <DeletedMembersPage />
    </AdminGate>
  );
}
