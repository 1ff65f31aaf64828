import type { Notify } from '../../../components/notice-banner.tsx';
import { ClaimCodesSection } from './claim-codes-section.tsx';
import { ClaimRequestsSection } from './claim-requests-section.tsx';
import type { ClaimCodeMembers } from './generate-claim-code-form.tsx';

/**
 * The claims tab (decision 015): the users' claim requests to review, and the claim codes admins
 * hand out. The members to make codes for come from the dashboard's roster.
 */
export function ClaimsTab({ members, notify }: { members: ClaimCodeMembers; notify: Notify }) {
  return (
    <div className="space-y-10">
      <ClaimRequestsSection notify={notify} />
      <ClaimCodesSection members={members} notify={notify} />
    </div>
  );
}
