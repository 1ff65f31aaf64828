import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { adminMembersQueryKey, getAdminMembersQueryOptions } from '../api/get-admin-members.ts';
import { UnwhitelistButton } from './unwhitelist-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const cleared = adminMember('Trusted', {
  runewatch_reported: true,
  runewatch_whitelisted: true,
  runewatch_whitelist_reason: 'Known to us',
  runewatch_whitelisted_at: '2026-02-01T00:00:00.000Z',
});

/** The button as the expanded row shows it: for the member as the admin list holds them now. */
function ListedButton({ womId, notify }: { womId: string; notify: Notify }) {
  const { data: member } = useQuery({
    ...getAdminMembersQueryOptions(),
    select: (members) => members.find((m) => m.wom_id === womId),
  });
  return member ? <UnwhitelistButton member={member} notify={notify} /> : null;
}

function renderButton(member: AdminMember) {
  const notify = vi.fn();
  const view = renderWithQueries(<UnwhitelistButton member={member} notify={notify} />, [
    [adminMembersQueryKey, [member]],
  ]);
  return { ...view, notify };
}

describe('remove from whitelist', () => {
  it('is offered only for a whitelisted member', () => {
    renderButton(adminMember('Plain', { runewatch_reported: true }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('requires a reason, says so in words, and sends nothing without one', async () => {
    const fetch = stubApi({});
    renderButton(cleared);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Trusted from whitelist' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Trusted from the whitelist' });
    expect(within(dialog).getByText('Known to us')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (required)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from Whitelist' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A reason is required to remove a member from the whitelist',
    );
    expect(within(dialog).getByLabelText('Reason (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, updates the member in the list and tells the admin', async () => {
    const saved = { ...cleared, runewatch_whitelisted: false, runewatch_whitelist_reason: null };
    let sent: unknown;
    stubApi({
      'POST /api/admin/members/wom-Trusted/unwhitelist': ({ body }) => {
        sent = body;
        return Response.json(saved);
      },
    });
    const { notify, queryClient } = renderButton(cleared);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Trusted from whitelist' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason (required)'), '  New evidence  ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from Whitelist' }));

    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Trusted was removed from the whitelist',
      }),
    );
    expect(sent).toEqual({ reason: 'New evidence' });
    expect(queryClient.getQueryData<AdminMember[]>(adminMembersQueryKey)).toEqual([saved]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('hides itself once the list holds the member as no longer whitelisted', async () => {
    const saved = { ...cleared, runewatch_whitelisted: false, runewatch_whitelist_reason: null };
    stubApi({ 'POST /api/admin/members/wom-Trusted/unwhitelist': () => Response.json(saved) });
    const notify = vi.fn();
    renderWithQueries(<ListedButton womId="wom-Trusted" notify={notify} />, [
      [adminMembersQueryKey, [cleared]],
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Trusted from whitelist' }));
    await user.type(screen.getByLabelText('Reason (required)'), 'New evidence');
    await user.click(screen.getByRole('button', { name: 'Remove from Whitelist' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: /Remove Trusted/ })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal in the dialog and keeps the reason", async () => {
    stubApi({
      'POST /api/admin/members/wom-Trusted/unwhitelist': () =>
        apiError(409, 'CONFLICT', 'Trusted is not whitelisted'),
    });
    const { notify } = renderButton(cleared);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Trusted from whitelist' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'New evidence');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from Whitelist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to remove from whitelist: Trusted is not whitelisted',
    );
    expect(within(dialog).getByLabelText('Reason (required)')).toHaveValue('New evidence');
    expect(notify).not.toHaveBeenCalled();
  });
});
