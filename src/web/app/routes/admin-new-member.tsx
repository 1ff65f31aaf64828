import { Link, useLocation } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { MemberForm } from '../../features/admin-members/components/member-form.tsx';
import { memberName } from '../../features/admin-members/lib/member-name.ts';
import { rememberSavedMember } from '../../features/admin-members/lib/saved-member-notice.ts';
import { AdminGate } from '../layout/admin-gate.tsx';

function NewMemberPage() {
  const [, navigate] = useLocation();
  const backToDashboard = () => navigate(paths.admin);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Add New Member">
        <Link to={paths.admin} className="text-sm underline-offset-2 hover:underline">
          Back to Clan Administration
        </Link>
      </PageHeader>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-6">
        <MemberForm
          member={null}
          onSaved={(saved) => {
            rememberSavedMember(memberName(saved));
            backToDashboard();
          }}
          onClose={backToDashboard}
        />
      </div>
    </div>
  );
}

/**
 * /admin/members/new: the member form on a page of its own; saving goes back to the dashboard, which
 * says '{name} was successfully saved.'.
 */
export function Component() {
  return (
    <AdminGate>
      <NewMemberPage />
    </AdminGate>
  );
}
