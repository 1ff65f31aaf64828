import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminMembersQueryKey, useAdminMembers } from '../api/get-admin-members.ts';
import { PlayerWatchAlerts } from './alerts-player-watch.tsx';

afterEach(() => vi.unstubAllGlobals());

const reported = (name: string, overrides: Partial<AdminMember> = {}) =>
  adminMember(name, { runewatch_reported: true, ...overrides });
const whitelisted = (name: string, reason: string) =>
  reported(name, { runewatch_whitelisted: true, runewatch_whitelist_reason: reason });

/** The alerts as the tab shows them: from the admin list in the cache, which actions update. */
function Alerts() {
  const { data } = useAdminMembers();
  return data ? <PlayerWatchAlerts members={data} /> : null;
}

const alertNames = () =>
  within(screen.getByRole('list', { name: /RuneWatch Alerts/ }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('player-watch alerts: whitelisted reports', () => {
  it('lists reported members already whitelisted, with their reason, folded apart from the alerts', async () => {
    renderWithQueries(<Alerts />, [
      [
        adminMembersQueryKey,
        [reported('Scammer'), whitelisted('Trusted', 'Known to us'), adminMember('Quiet')],
      ],
    ]);
    expect(alertNames()).toEqual(['Scammer']);
    const toggle = screen.getByRole('button', { name: 'Whitelisted reports (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Whitelisted reports' })).not.toBeInTheDocument();
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const cleared = screen.getByRole('list', { name: 'Whitelisted reports' });
    expect(within(cleared).getByText('Trusted')).toBeInTheDocument();
    expect(within(cleared).getByText('Whitelisted: Known to us')).toBeInTheDocument();
  });

  it('shows no whitelisted reports section when there are none', () => {
    renderWithQueries(<Alerts />, [[adminMembersQueryKey, [reported('Scammer')]]]);
    expect(screen.queryByRole('button', { name: /Whitelisted reports/ })).not.toBeInTheDocument();
  });

  it('puts a member back among the alerts once removed from the whitelist with a reason', async () => {
    const trusted = whitelisted('Trusted', 'Known to us');
    let sent: unknown;
    stubApi({
      'POST /api/admin/members/wom-Trusted/unwhitelist': ({ body }) => {
        sent = body;
        return Response.json({ ...trusted, runewatch_whitelisted: false, runewatch_whitelist_reason: null });
      },
    });
    renderWithQueries(<Alerts />, [[adminMembersQueryKey, [reported('Scammer'), trusted]]]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Whitelisted reports (1)' }));
    await user.click(screen.getByRole('button', { name: 'Remove Trusted from whitelist' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Trusted from the whitelist' });
    await user.type(within(dialog).getByLabelText('Reason (required)'), 'The case was reopened');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from Whitelist' }));

    expect(await screen.findByText('Trusted was removed from the whitelist')).toBeInTheDocument();
    expect(alertNames()).toEqual(['Scammer', 'Trusted']);
    expect(screen.queryByRole('button', { name: /Whitelisted reports/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /RuneWatch Alerts/ })).toHaveTextContent('2 reported');
    expect(sent).toEqual({ reason: 'The case was reopened' });
  });
});
