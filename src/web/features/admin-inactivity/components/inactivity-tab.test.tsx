import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwayMember, InactiveMember, InactivityList } from '#core/members/inactivity.ts';
import type { MemberChoice } from '#web/components/member-combobox.tsx';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { InactivityTab } from './inactivity-tab.tsx';

const LIST = 'GET /api/admin/inactivity';
const EXPORT = 'GET /api/admin/inactivity/export.csv';
const TODAY = '2026-11-21';

function inactive(womId: string, name: string, overrides: Partial<InactiveMember> = {}): InactiveMember {
  return {
    wom_id: womId,
    name,
    womrole: 'sapphire',
    hidden: false,
    last_active: '2026-09-01',
    days_inactive: 81,
    away_until: null,
    ...overrides,
  };
}

/** A server holding the inactive and away members, answering pages and away dates as the API does. */
function fakeServer(members: InactiveMember[], away: AwayMember[] = []) {
  const state = { members: [...members], away: [...away] };
  const asked: string[] = [];
  const list = ({ url }: FakeRequest) => {
    asked.push(url.search);
    const days = Number(url.searchParams.get('days'));
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const body: InactivityList = {
      days,
      today: TODAY,
      total: state.members.length,
      offset,
      limit,
      members: state.members.slice(offset, offset + limit),
      away: state.away,
    };
    return Response.json(body);
  };
  const setAway = (womId: string) => (request: FakeRequest) => {
    const { away_until } = request.body as { away_until: string | null };
    const member = [...state.members, ...state.away].find((m) => m.wom_id === womId);
    if (!member) return apiError(404, 'NOT_FOUND', 'Member not found');
    state.members = state.members.filter((m) => m.wom_id !== womId);
    state.away = state.away.filter((m) => m.wom_id !== womId);
    if (away_until === null) state.members.push(inactive(womId, member.name));
    else
      state.away.push({
        wom_id: womId,
        name: member.name,
        womrole: member.womrole,
        hidden: false,
        away_until,
      });
    return Response.json({ wom_id: womId, away_until });
  };
  return { state, asked, list, setAway };
}

function renderTab(members?: MemberChoice[]) {
  const notify = vi.fn();
  renderWithQueries(<InactivityTab notify={notify} members={members} />);
  return { notify };
}

const inactiveList = () => screen.findByRole('list', { name: 'Inactive members' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InactivityTab', () => {
  it('lists each inactive member with role, last active, days inactive and a past away date', async () => {
    const server = fakeServer([
      inactive('1', 'Zezima', { hidden: true, away_until: '2026-10-01' }),
      inactive('2', 'Quiet Guy', { last_active: null, days_inactive: 45, womrole: null }),
    ]);
    stubApi({ [LIST]: server.list });
    renderTab();

    const [first, second] = within(await inactiveList()).getAllByRole('listitem');
    expect(first).toHaveTextContent('Zezima');
    expect(first).toHaveTextContent('Hidden');
    expect(first).toHaveTextContent('RoleSapphire');
    expect(first).toHaveTextContent('Last active1 September 2026');
    expect(first).toHaveTextContent('Inactive for81 days');
    expect(first).toHaveTextContent('Was away until1 October 2026');
    expect(second).toHaveTextContent('Last activeNever seen changing');
    expect(second).toHaveTextContent('Inactive forat least 45 days');
    expect(second).not.toHaveTextContent('Was away until');
    expect(screen.getByText('2 members with no gain for 30 days.')).toBeInTheDocument();
    expect(server.asked).toEqual(['?days=30&limit=100&offset=0']);
  });

  it('asks again for the days chosen', async () => {
    const server = fakeServer([]);
    stubApi({ [LIST]: server.list });
    renderTab();
    expect(await screen.findByText('No member has gone 30 days without a gain')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'No gain for' }), '90 days');
    expect(await screen.findByText('No member has gone 90 days without a gain')).toBeInTheDocument();
    expect(server.asked).toEqual(['?days=30&limit=100&offset=0', '?days=90&limit=100&offset=0']);
  });

  it('loads the next page under the first', async () => {
    const many = Array.from({ length: 101 }, (_, i) => inactive(String(i + 1), `Member ${i + 1}`));
    const server = fakeServer(many);
    stubApi({ [LIST]: server.list });
    renderTab();
    expect(within(await inactiveList()).getAllByRole('listitem')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Inactive members' })).getAllByRole('listitem'),
      ).toHaveLength(101),
    );
    expect(server.asked.at(-1)).toBe('?days=30&limit=100&offset=100');
  });

  it('sets a member away, who then leaves the list for the away members, and says so', async () => {
    const server = fakeServer([inactive('1', 'Zezima'), inactive('2', 'Woox')]);
    const fetch = stubApi({ [LIST]: server.list, 'PUT /api/admin/members/1/away': server.setAway('1') });
    const { notify } = renderTab();

    const row = within(await inactiveList()).getAllByRole('listitem')[0] as HTMLElement;
    const input = within(row).getByLabelText('Away until, for Zezima');
    expect(input).toHaveAttribute('min', TODAY);
    expect(within(row).getByRole('button', { name: 'Set away for Zezima' })).toBeDisabled();
    await userEvent.type(input, '2026-12-24');
    await userEvent.click(within(row).getByRole('button', { name: 'Set away for Zezima' }));

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Zezima is away until 24 December 2026.',
      }),
    );
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[1]?.body).toBe(JSON.stringify({ away_until: '2026-12-24' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Inactive members' })).queryByText('Zezima')).toBeNull(),
    );
    const away = screen.getByRole('list', { name: 'Away members' });
    expect(away).toHaveTextContent('Zezima');
    expect(away).toHaveTextContent('Sapphire · away until 24 December 2026');
  });

  it('clears an away date, and the member is listed again', async () => {
    const server = fakeServer(
      [],
      [{ wom_id: '5', name: 'Traveller', womrole: 'opal', hidden: false, away_until: '2026-12-01' }],
    );
    stubApi({ [LIST]: server.list, 'PUT /api/admin/members/5/away': server.setAway('5') });
    const { notify } = renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Clear away date for Traveller' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Traveller is no longer away.' }),
    );
    expect(within(await inactiveList()).getByText('Traveller')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Away members' })).toBeNull();
    expect(screen.getByText('No member is marked away.')).toBeInTheDocument();
  });

  it('lists the away members first, in a list of their own, with when each is back', async () => {
    const server = fakeServer(
      [inactive('1', 'Zezima')],
      [
        { wom_id: '5', name: 'Traveller', womrole: 'opal', hidden: false, away_until: '2026-11-21' },
        { wom_id: '6', name: 'Sailor', womrole: 'ruby', hidden: true, away_until: '2026-12-24' },
      ],
    );
    stubApi({ [LIST]: server.list });
    renderTab();
    const away = await screen.findByRole('region', { name: /^Away/ });
    expect(within(away).getByRole('heading', { level: 3 })).toHaveTextContent('Away2 members');
    const [today, later] = within(away).getAllByRole('listitem');
    expect(today).toHaveTextContent('Opal · away until 21 November 2026Back in 1 day');
    expect(later).toHaveTextContent('SailorHidden');
    expect(later).toHaveTextContent('Ruby · away until 24 December 2026Back in 34 days');
    // Before the inactive members, however many of them there are.
    expect(
      away.compareDocumentPosition(await inactiveList()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('marks any member away, not only an inactive one, and shows them among the away members', async () => {
    const server = fakeServer([inactive('1', 'Zezima')]);
    const sent: unknown[] = [];
    stubApi({
      [LIST]: server.list,
      'PUT /api/admin/members/9/away': (request) => {
        sent.push(request.body);
        server.state.away.push({
          wom_id: '9',
          name: 'Busy Bee',
          womrole: 'opal',
          hidden: false,
          away_until: '2026-12-01',
        });
        return Response.json({ wom_id: '9', away_until: '2026-12-01' });
      },
    });
    const { notify } = renderTab([
      { wom_id: '1', name: 'Zezima' },
      { wom_id: '9', name: 'Busy Bee' },
    ]);
    const away = await screen.findByRole('region', { name: /^Away/ });
    expect(within(away).getByText('No member is marked away.')).toBeInTheDocument();
    expect(within(away).getByRole('button', { name: 'Set away' })).toBeDisabled();
    await userEvent.type(within(away).getByRole('combobox', { name: 'Mark a member away' }), 'Busy');
    await userEvent.click(within(away).getByRole('option', { name: 'Busy Bee' }));
    await userEvent.type(within(away).getByLabelText('Away until, for Busy Bee'), '2026-12-01');
    await userEvent.click(within(away).getByRole('button', { name: 'Set away for Busy Bee' }));

    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Busy Bee is away until 1 December 2026.',
      }),
    );
    expect(sent).toEqual([{ away_until: '2026-12-01' }]);
    expect(await within(away).findByRole('list', { name: 'Away members' })).toHaveTextContent('Busy Bee');
    // The form starts over for the next member.
    expect(within(away).getByRole('combobox', { name: 'Mark a member away' })).toHaveValue('');
  });

  it("reports the server's refusal of an away date", async () => {
    const server = fakeServer([inactive('1', 'Zezima')]);
    stubApi({
      [LIST]: server.list,
      'PUT /api/admin/members/1/away': () =>
        apiError(400, 'VALIDATION_ERROR', 'Away until must be today (2026-11-23) or later'),
    });
    const { notify } = renderTab();
    const row = within(await inactiveList()).getAllByRole('listitem')[0] as HTMLElement;
    // The input's min stops a past day in the browser; the server's day may have moved on since.
    await userEvent.type(within(row).getByLabelText('Away until, for Zezima'), '2026-11-22');
    await userEvent.click(within(row).getByRole('button', { name: 'Set away for Zezima' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to save the away date: Away until must be today (2026-11-23) or later',
      }),
    );
    expect(
      within(screen.getByRole('list', { name: 'Inactive members' })).getByText('Zezima'),
    ).toBeInTheDocument();
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({ [LIST]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    renderTab();
    expect(await screen.findByText('Error Loading Inactive Members')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  describe('Export CSV', () => {
    let downloads: string[];
    beforeEach(() => {
      downloads = [];
      URL.createObjectURL = vi.fn(() => 'blob:inactive');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(`${this.download} from ${this.href}`);
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it("downloads the server's CSV for the chosen days under its name and says how many it holds", async () => {
      const server = fakeServer([]);
      const exported: string[] = [];
      stubApi({
        [LIST]: server.list,
        [EXPORT]: ({ url }) => {
          exported.push(url.search);
          return new Response('Name\r\nZezima', {
            headers: {
              'content-disposition': 'attachment; filename="siege-inactive-60d-2026-11-21.csv"',
              'x-member-count': '1',
            },
          });
        },
      });
      const { notify } = renderTab();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'No gain for' }), '60 days');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Exported 1 inactive member to CSV.' }),
      );
      expect(exported).toEqual(['?days=60']);
      expect(downloads).toEqual(['siege-inactive-60d-2026-11-21.csv from blob:inactive']);
    });

    it("says 'Failed to export to CSV: {message}' when the export fails", async () => {
      stubApi({
        [LIST]: fakeServer([]).list,
        [EXPORT]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
      });
      const { notify } = renderTab();
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'error',
          text: 'Failed to export to CSV: Database unavailable',
        }),
      );
      expect(downloads).toEqual([]);
    });
  });
});
