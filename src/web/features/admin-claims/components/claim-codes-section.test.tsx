import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimCode } from '#core/claims/claims.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { claimCodesQueryKey } from '../api/get-claim-codes.ts';
import { ClaimCodesSection } from './claim-codes-section.tsx';
import type { ClaimCodeMembers } from './generate-claim-code-form.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function claimCode(id: number, overrides: Partial<ClaimCode> = {}): ClaimCode {
  return {
    id,
    code: 'ABCD-EFGH-JKMN-PQRS',
    wom_id: '1001',
    member_name: 'Iron Bob',
    is_claimed: false,
    expires_at: '2026-12-01T12:00:00.000Z',
    created_at: '2026-11-24T11:00:00.000Z',
    claimed_by: null,
    claimed_at: null,
    ...overrides,
  };
}

const unused = claimCode(3);
const used = claimCode(2, {
  code: 'USED-0000-USED-0000',
  member_name: 'Zezima',
  is_claimed: true,
  claimed_by: 'zezima',
  claimed_at: '2026-11-22T09:00:00.000Z',
});
const expired = claimCode(1, {
  code: 'OLD0-0000-OLD0-0000',
  member_name: 'Lynx Titan',
  expires_at: '2026-11-20T00:00:00.000Z',
});

const roster: ClaimCodeMembers = {
  data: [
    adminMember('Zezima', { wom_id: '1', claimed: true }),
    adminMember('Iron Bob', { wom_id: '1001' }),
    adminMember('Quiet Alt', { wom_id: '7', hidden: true }),
  ],
  error: null,
};

function renderCodes(codes: ClaimCode[] | null = [unused, used, expired], members = roster) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <ClaimCodesSection members={members} notify={notify} />,
    codes === null ? [] : [[claimCodesQueryKey, codes]],
  );
  return { ...view, notify };
}

/** Types a name into the member combobox and chooses its option with the keyboard. */
async function pick(typed: string, option = typed) {
  await userEvent.type(screen.getByRole('combobox', { name: 'Member' }), typed);
  expect(screen.getByRole('option', { name: option })).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{Enter}');
}

const row = (code: string) => within(screen.getByRole('rowheader', { name: code }).closest('tr')!);

describe('claim code list', () => {
  it('shows each code with its member, what became of it and its expiry', () => {
    renderCodes();
    const bob = row('ABCD-EFGH-JKMN-PQRS');
    expect(bob.getByText('Iron Bob')).toBeInTheDocument();
    expect(bob.getByText('Unused')).toBeInTheDocument();
    expect(bob.getByText('1 Dec 2026, 12:00 UTC')).toBeInTheDocument();
    expect(row('USED-0000-USED-0000').getByText('Used by zezima')).toBeInTheDocument();
    expect(row('OLD0-0000-OLD0-0000').getByText('Expired')).toBeInTheDocument();
  });

  it('offers Revoke for unused codes only, expired ones included', () => {
    renderCodes();
    expect(row('ABCD-EFGH-JKMN-PQRS').getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(row('OLD0-0000-OLD0-0000').getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(row('USED-0000-USED-0000').queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are no codes', () => {
    renderCodes([]);
    expect(screen.getByText('No claim codes yet')).toBeInTheDocument();
  });

  it("shows the server's message when the codes cannot be loaded", async () => {
    stubApi({
      'GET /api/admin/claim-codes': () => apiError(503, 'DATABASE_UNAVAILABLE', 'Database is down'),
    });
    renderCodes(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Claim Codes');
    expect(alert).toHaveTextContent('Database is down');
  });

  it('revokes an unused code once the admin confirms, and loads the codes again', async () => {
    const fetch = stubApi({
      'DELETE /api/admin/claim-codes/3': () => new Response(null, { status: 204 }),
      'GET /api/admin/claim-codes': () => Response.json([used, expired]),
    });
    const { notify } = renderCodes();
    await userEvent.click(row('ABCD-EFGH-JKMN-PQRS').getByRole('button', { name: 'Revoke' }));
    await answerConfirm('Revoke the claim code ABCD-EFGH-JKMN-PQRS for Iron Bob?', 'Revoke Code');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Revoked the claim code for Iron Bob.' }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/claim-codes/3',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await vi.waitFor(() => expect(screen.queryByText('ABCD-EFGH-JKMN-PQRS')).not.toBeInTheDocument());
  });

  it('revokes nothing when the admin cancels', async () => {
    const fetch = stubApi({});
    renderCodes();
    await userEvent.click(row('ABCD-EFGH-JKMN-PQRS').getByRole('button', { name: 'Revoke' }));
    await answerConfirm('Revoke the claim code ABCD-EFGH-JKMN-PQRS for Iron Bob?', 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports a refused revoke with the server's message", async () => {
    stubApi({
      'DELETE /api/admin/claim-codes/3': () =>
        apiError(409, 'CODE_USED', 'A used claim code cannot be revoked'),
    });
    const { notify } = renderCodes();
    await userEvent.click(row('ABCD-EFGH-JKMN-PQRS').getByRole('button', { name: 'Revoke' }));
    await answerConfirm('Revoke the claim code ABCD-EFGH-JKMN-PQRS for Iron Bob?', 'Revoke Code');
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to revoke the claim code: A used claim code cannot be revoked',
      }),
    );
  });
});

describe('generating a claim code', () => {
  const created = claimCode(4, { code: 'NEWC-0DE0-NEWC-0DE0', expires_at: '2026-12-01T12:00:00.000Z' });

  it('offers the unclaimed members by name, noting hidden ones, and an expiry 7 days ahead', async () => {
    renderCodes();
    await userEvent.click(screen.getByRole('combobox', { name: 'Member' }));
    expect(
      within(screen.getByRole('listbox', { name: 'Member' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Iron Bob', 'Quiet Alt (hidden)']);
    expect(screen.getByLabelText('Expires')).toHaveValue('2026-12-01T12:00');
    expect(screen.getByLabelText('Expires')).toHaveAccessibleDescription('UTC; leave empty for 7 days');
  });

  it('finds a member by typing part of the name', async () => {
    renderCodes();
    await userEvent.type(screen.getByRole('combobox', { name: 'Member' }), 'alt');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Quiet Alt (hidden)']);
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Member' }),
      '{Backspace}{Backspace}{Backspace}zez',
    );
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('No member matches that name')).toBeInTheDocument();
  });

  it('waits for the roster before a member can be picked', () => {
    const view = renderCodes([], { data: undefined, error: null });
    expect(screen.getByRole('combobox', { name: 'Member' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Member' })).toHaveAttribute(
      'placeholder',
      'Loading members...',
    );
    view.unmount();

    renderCodes([], { data: undefined, error: new Error('Database is down') });
    expect(screen.getByRole('combobox', { name: 'Member' })).toHaveAttribute(
      'placeholder',
      'Could not load members',
    );
  });

  it('makes a code for the chosen member and shows it to copy, then lists it', async () => {
    const user = userEvent.setup();
    const fetch = stubApi({
      'POST /api/admin/claim-codes': () => Response.json(created, { status: 201 }),
      'GET /api/admin/claim-codes': () => Response.json([created, unused, used, expired]),
    });
    const { notify } = renderCodes();
    expect(screen.queryByLabelText('New claim code')).not.toBeInTheDocument();
    await pick('Iron Bob');
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '2026-11-30T18:30' } });
    await user.click(screen.getByRole('button', { name: 'Generate Code' }));

    expect(await screen.findByLabelText('New claim code')).toHaveTextContent('NEWC-0DE0-NEWC-0DE0');
    expect(screen.getByRole('heading', { name: 'New claim code for Iron Bob' })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Generated a claim code for Iron Bob.' });
    const post = fetch.mock.calls.find(
      ([url, init]) => url === '/api/admin/claim-codes' && init?.method === 'POST',
    );
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      wom_id: '1001',
      expires_at: '2026-11-30T18:30:00.000Z',
    });
    expect(await screen.findByRole('rowheader', { name: 'NEWC-0DE0-NEWC-0DE0' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Member' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('NEWC-0DE0-NEWC-0DE0');
    expect(screen.getByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it("leaves the expiry to the server's default when the input is emptied", async () => {
    const fetch = stubApi({
      'POST /api/admin/claim-codes': () => Response.json(created, { status: 201 }),
      'GET /api/admin/claim-codes': () => Response.json([created]),
    });
    renderCodes();
    await pick('Iron Bob');
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Code' }));
    await screen.findByLabelText('New claim code');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ wom_id: '1001', expires_at: null });
  });

  it("says 'Please select a valid player' and sends nothing without a member", async () => {
    const fetch = stubApi({});
    renderCodes();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid player');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's reason when no code is made", async () => {
    stubApi({
      'POST /api/admin/claim-codes': () => apiError(400, 'VALIDATION_ERROR', 'Please select a valid player'),
    });
    renderCodes();
    await pick('Quiet Alt', 'Quiet Alt (hidden)');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate claim code: Please select a valid player',
    );
    expect(screen.queryByLabelText('New claim code')).not.toBeInTheDocument();
  });
});
