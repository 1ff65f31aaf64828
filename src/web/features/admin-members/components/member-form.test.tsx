import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberChangedMessage, type AdminMember } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { testClan } from '#test/render.tsx';
import { MemberForm } from './member-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const zezima = adminMember('Zezima', {
  wom_id: '1234',
  wom_name: 'Zezima',
  womrole: 'sapphire',
  join_date: '2022-04-23',
  current_lvl: 2100,
  current_xp: 300_000_000,
  first_lvl: 1900,
  first_xp: 200_000_000,
  ehb: 150,
  siege_score: 42,
  updated_at: '2026-11-20T08:00:00.000Z',
});

function renderForm(member: AdminMember | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const onFailed = vi.fn();
  // The rank choices come from the clan's ladder, which the site loads with its first page.
  renderWithQueries(<MemberForm member={member} onSaved={onSaved} onClose={onClose} onFailed={onFailed} />, [
    [['clan'], testClan],
  ]);
  return { onSaved, onClose, onFailed };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Member' }));

async function retype(label: string, text: string) {
  await userEvent.clear(field(label));
  if (text !== '') await userEvent.type(field(label), text);
}

/** Wise Old Man's answer for any WOM id the form asks about: a player of that name. */
const womKnows =
  (name: string) =>
  ({ url }: FakeRequest) =>
    Response.json({ wom_id: url.pathname.split('/').at(-1), display_name: name });

/** Records each request body sent to a route, answering with `answer`; WOM knows every id as Zezima. */
function recordBodies(route: string, answer: (request: FakeRequest) => Response) {
  const bodies: unknown[] = [];
  const fetch = stubApi({
    [route]: (request) => {
      bodies.push(request.body);
      return answer(request);
    },
    'GET /api/admin/wom-players/1234': womKnows('Zezima'),
  });
  return { bodies, fetch };
}

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('member form for a new member', () => {
  it('starts as an Opal with every number 0 and joined today in UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T23:30:00.000Z'));
    renderForm(null);
    expect(field('Name')).toHaveValue('');
    expect(field('WOM ID')).toHaveValue('');
    expect(field('WOM Name')).toHaveValue('');
    expect(screen.getByLabelText('Clan Rank')).toHaveValue('opal');
    expect(field('Join Date')).toHaveValue('2026-03-04');
    for (const label of [
      'Current Level',
      'Current XP',
      'Initial Level',
      'Initial XP',
      'EHB',
      'Siege Score',
    ]) {
      expect(field(label)).toHaveValue(0);
      expect(field(label)).toHaveAttribute('min', '0');
    }
  });

  it("groups the numbers under 'Experience Tracking' and 'Stats & Scoring'", () => {
    renderForm(null);
    const experience = screen.getByRole('group', { name: 'Experience Tracking' });
    expect(
      within(experience)
        .getAllByRole('spinbutton')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['current_lvl', 'current_xp', 'first_lvl', 'first_xp']);
    const scoring = screen.getByRole('group', { name: 'Stats & Scoring' });
    expect(
      within(scoring)
        .getAllByRole('spinbutton')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['ehb', 'siege_score']);
  });

  it("offers the spec's ranks in order after '-- Select Rank --'", () => {
    renderForm(null);
    const options = within(screen.getByLabelText('Clan Rank')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '-- Select Rank --',
      'Owner',
      'Deputy Owner',
      'General',
      'Captain',
      'PvM Organizer',
      'Opal',
      'Sapphire',
      'Emerald',
      'Ruby',
      'Diamond',
      'Dragonstone',
      'Onyx',
      'Zenyte',
      'Mentor',
      'Prefect',
      'Leader',
      'Supervisor',
      'Superior',
      'Executive',
      'Senator',
      'Monarch',
      'TzKal',
    ]);
  });

  it('requires a name and a WOM ID before sending anything', async () => {
    const { fetch } = recordBodies('POST /api/admin/members', () => Response.json(zezima));
    renderForm(null);
    await userEvent.type(field('WOM ID'), '   ');
    await save();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('WOM ID is empty or invalid after processing')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a negative number', async () => {
    const { fetch } = recordBodies('POST /api/admin/members', () => Response.json(zezima));
    renderForm(null);
    await userEvent.type(field('Name'), 'Zezima');
    await userEvent.type(field('WOM ID'), '1234');
    await retype('EHB', '-3');
    await save();
    expect(await screen.findByText('Must be 0 or more')).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
  });

  it('sends every field, with emptied numbers as 0 and fractions floored', async () => {
    const { bodies } = recordBodies('POST /api/admin/members', () => Response.json(zezima));
    const { onSaved } = renderForm(null);
    await userEvent.type(field('Name'), '  Zezima ');
    await userEvent.type(field('WOM ID'), ' 1234 ');
    await userEvent.type(field('WOM Name'), 'Zezima');
    await userEvent.selectOptions(screen.getByLabelText('Clan Rank'), 'PvM Organizer');
    await retype('Join Date', '2022-04-23');
    await retype('Current Level', '2100.9');
    await retype('Current XP', '');
    await retype('Initial Level', '12');
    await retype('Initial XP', '5000.5');
    await retype('EHB', '');
    await retype('Siege Score', '7');
    await save();

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(zezima));
    expect(bodies).toEqual([
      {
        wom_id: '1234',
        name: 'Zezima',
        wom_name: 'Zezima',
        womrole: 'pvm_organizer',
        title: null,
        join_date: '2022-04-23',
        current_lvl: 2100,
        current_xp: 0,
        first_lvl: 12,
        first_xp: 5000,
        ehb: 0,
        siege_score: 7,
      },
    ]);
  });

  it("sends no rank when '-- Select Rank --' is chosen, and no join date when it is emptied", async () => {
    const { bodies } = recordBodies('POST /api/admin/members', () => Response.json(zezima));
    renderForm(null);
    await userEvent.type(field('Name'), 'Zezima');
    await userEvent.type(field('WOM ID'), '1234');
    await userEvent.selectOptions(screen.getByLabelText('Clan Rank'), '-- Select Rank --');
    await retype('Join Date', '');
    await save();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ womrole: null, join_date: null });
  });

  it("shows 'Failed to save member: {message}' in the form when the server refuses", async () => {
    stubApi({
      'POST /api/admin/members': () => apiError(400, 'VALIDATION_ERROR', 'WOM ID is not a known player'),
      'GET /api/admin/wom-players/1234': womKnows('Zezima'),
    });
    const { onSaved, onFailed } = renderForm(null);
    await userEvent.type(field('Name'), 'Zezima');
    await userEvent.type(field('WOM ID'), '1234');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to save member: WOM ID is not a known player$/,
    );
    expect(field('Name')).toHaveValue('Zezima');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledWith('Zezima', 'WOM ID is not a known player');
  });
});

describe('member form: the WOM ID checked with Wise Old Man (issue 29)', () => {
  it('shows the name WOM has once the WOM ID is typed, and fills the names left empty', async () => {
    const fetch = stubApi({ 'GET /api/admin/wom-players/1234': womKnows('Zezima') });
    renderForm(null);
    await userEvent.type(field('WOM ID'), '1234');
    // Nothing is asked while the id is typed: only once the field is left.
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(await screen.findByText('Wise Old Man knows this player as')).toHaveTextContent(
      'Wise Old Man knows this player as Zezima',
    );
    expect(field('WOM Name')).toHaveValue('Zezima');
    expect(field('Name')).toHaveValue('Zezima');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the names the admin typed', async () => {
    stubApi({ 'GET /api/admin/wom-players/1234': womKnows('Zezima') });
    renderForm(null);
    await userEvent.type(field('Name'), 'Zez the Great');
    await userEvent.type(field('WOM ID'), '1234');
    await userEvent.type(field('WOM Name'), 'zezima');
    expect(await screen.findByRole('status')).toHaveTextContent('Wise Old Man knows this player as Zezima');
    expect(field('Name')).toHaveValue('Zez the Great');
    expect(field('WOM Name')).toHaveValue('zezima');
  });

  it("says so when WOM has no such player, or could not be asked, in the server's words", async () => {
    stubApi({
      'GET /api/admin/wom-players/99': () =>
        apiError(400, 'VALIDATION_ERROR', 'Wise Old Man has no player with WOM ID 99: check the id'),
      'GET /api/admin/wom-players/1234': () =>
        apiError(503, 'WOM_UNAVAILABLE', 'Wise Old Man could not be reached to check WOM ID 1234.'),
    });
    renderForm(null);
    await userEvent.type(field('WOM ID'), '99');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wise Old Man has no player with WOM ID 99: check the id',
    );
    await retype('WOM ID', '1234');
    await userEvent.tab();
    expect(await screen.findByText(/could not be reached/)).toHaveTextContent(
      'Wise Old Man could not be reached to check WOM ID 1234.',
    );
    expect(field('Name')).toHaveValue('');
  });
});

describe('member form for an existing member', () => {
  it("shows the member's values, with the WOM ID read-only", () => {
    renderForm(zezima);
    expect(field('Name')).toHaveValue('Zezima');
    expect(field('WOM ID')).toHaveValue('1234');
    expect(field('WOM ID')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Clan Rank')).toHaveValue('sapphire');
    expect(field('Join Date')).toHaveValue('2022-04-23');
    expect(field('Current XP')).toHaveValue(300_000_000);
    expect(field('Siege Score')).toHaveValue(42);
  });

  it('keeps a rank the form cannot assign, such as maxed', () => {
    renderForm({ ...zezima, womrole: 'maxed' });
    expect(screen.getByLabelText('Clan Rank')).toHaveValue('maxed');
    expect(screen.getByRole('option', { name: 'Maxed' })).toBeInTheDocument();
  });

  it('lets the admin choose which join date counts once the member has come back', async () => {
    const returned = {
      ...zezima,
      returns: [{ left_at: null, returned_on: '2026-11-25', joined_before: '2022-04-23' }],
    };
    const { bodies } = recordBodies('PATCH /api/admin/members/1234', () => Response.json(returned));
    renderForm(returned);
    const choice = screen.getByRole('group', { name: 'Join date counts from' });
    expect(within(choice).getByRole('radio', { name: 'First joined 23 Apr 2022' })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: 'Returned on 25 Nov 2026' }));
    expect(field('Join Date')).toHaveValue('2026-11-25');
    await save();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ join_date: '2026-11-25', expected_updated_at: '2026-11-20T08:00:00.000Z' });
  });

  it('offers no join date choice for a member who never left', () => {
    renderForm(zezima);
    expect(screen.queryByRole('group', { name: 'Join date counts from' })).not.toBeInTheDocument();
  });

  it('sends only the changed fields and the updated_at it loaded', async () => {
    const saved = { ...zezima, name: 'Zezima II', siege_score: 50 };
    const { bodies } = recordBodies('PATCH /api/admin/members/1234', () => Response.json(saved));
    const { onSaved } = renderForm(zezima);
    await retype('Name', 'Zezima II');
    await retype('Siege Score', '50');
    await retype('EHB', '150');
    await save();
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodies).toEqual([
      { name: 'Zezima II', siege_score: 50, expected_updated_at: '2026-11-20T08:00:00.000Z' },
    ]);
  });

  it('just closes when nothing was changed', async () => {
    const { fetch } = recordBodies('PATCH /api/admin/members/1234', () => Response.json(zezima));
    const { onClose, onSaved } = renderForm(zezima);
    await retype('Name', 'Zezima');
    await save();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says 'Failed to save member: {message}' for a conflict, keeping the admin's input", async () => {
    stubApi({
      'PATCH /api/admin/members/1234': () => apiError(409, 'MEMBER_CHANGED', memberChangedMessage('Zezima')),
    });
    const { onSaved, onFailed } = renderForm(zezima);
    await retype('Name', 'Zezima II');
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Failed to save member: ${memberChangedMessage('Zezima')}`,
    );
    expect(field('Name')).toHaveValue('Zezima II');
    expect(onSaved).not.toHaveBeenCalled();
    // Said in the form only, not again in a banner behind it.
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("shows 'Failed to save member: {message}' for any other failure", async () => {
    stubApi({
      'PATCH /api/admin/members/1234': () =>
        apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderForm(zezima);
    await retype('Name', 'Zezima II');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to save member: Something went wrong on our side$/,
    );
    expect(field('Name')).toHaveValue('Zezima II');
  });
});
