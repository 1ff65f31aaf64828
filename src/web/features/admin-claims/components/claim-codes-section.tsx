import { useId } from 'react';
import type { ClaimCode } from '#core/claims/claims.schema.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useRevokeClaimCode } from '../api/claim-code-actions.ts';
import { useClaimCodes } from '../api/get-claim-codes.ts';
import { claimCodeStatus } from '../lib/claim-code-status.ts';
import { GenerateClaimCodeForm, type ClaimCodeMembers } from './generate-claim-code-form.tsx';

function ClaimCodeRow({ code, now, notify }: { code: ClaimCode; now: Date; notify: Notify }) {
  const revoke = useRevokeClaimCode();
  const codeId = useId();
  const { confirm, dialog } = useConfirm();

  const revokeCode = async () => {
    const yes = await confirm({
      title: `Revoke the claim code ${code.code} for ${code.member_name}?`,
      description: 'The code stops working at once. You can make a new one for the member later.',
      label: 'Revoke Code',
    });
    if (!yes) return;
    // mutateAsync: the revoked code's row unmounts before a per-call callback could run.
    void revoke.mutateAsync(code.id).then(
      () => notify({ kind: 'success', text: `Revoked the claim code for ${code.member_name}.` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to revoke the claim code: ${error.message}` }),
    );
  };

  return (
    <tr className="border-t border-stone-800">
      <th id={codeId} scope="row" className="px-4 py-3 text-left font-mono font-medium text-stone-100">
        {code.code}
      </th>
      <td className="px-4 py-3">
        <StackedLabel>Member</StackedLabel>
        {code.member_name}
      </td>
      <td className="px-4 py-3">
        <StackedLabel>Status</StackedLabel>
        {claimCodeStatus(code, now)}
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>Expires</StackedLabel>
        {code.expires_at === null ? 'Never' : formatDateTime(code.expires_at)}
      </td>
      <td className="px-4 py-3 max-sm:empty:hidden">
        {!code.is_claimed && (
          <button
            type="button"
            onClick={() => void revokeCode()}
            disabled={revoke.isPending}
            aria-describedby={codeId}
            className="rounded border border-red-900 px-3 py-1 text-sm text-red-300 hover:bg-red-950 disabled:opacity-60"
          >
            Revoke
          </button>
        )}
        {dialog}
      </td>
    </tr>
  );
}

function ClaimCodeTable({ codes, notify }: { codes: ClaimCode[]; notify: Notify }) {
  if (codes.length === 0) return <EmptyState title="No claim codes yet" />;
  const now = new Date();
  return (
    <DataTable caption="Claim codes" columns={['Code', 'Member', 'Status', 'Expires', 'Actions']} stacked>
      {codes.map((code) => (
        <ClaimCodeRow key={code.id} code={code} now={now} notify={notify} />
      ))}
    </DataTable>
  );
}

/** Codes a member redeems on their profile to claim a character: made here, listed, revoked unused. */
export function ClaimCodesSection({ members, notify }: { members: ClaimCodeMembers; notify: Notify }) {
  const codes = useClaimCodes();
  return (
    <TabSection
      title="Claim Codes"
      description="A code claims one member for whoever redeems it first, until it expires."
    >
      <GenerateClaimCodeForm members={members} notify={notify} />
      <QueryState query={codes} loadingLabel="Loading claim codes..." errorTitle="Error Loading Claim Codes">
        {(data) => <ClaimCodeTable codes={data} notify={notify} />}
      </QueryState>
    </TabSection>
  );
}
