import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDink } from '#core/dink/dink.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { DinkTab } from './dink-tab.tsx';

const DINK = 'GET /api/admin/dink';
const SETTINGS = 'PUT /api/admin/dink/settings';
const HOUR_MS = 60 * 60 * 1000;
const MB = 1024 * 1024;

type DinkMember = AdminDink['members'][number];

function dinkMember(player_name: string, overrides: Partial<DinkMember> = {}): DinkMember {
  return {
    wom_id: player_name,
    player_name,
    username: player_name.toLowerCase().replace(/ /g, '_'),
    connected: true,
    bound: true,
    share_public: true,
    posts: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    last_post_at: null,
    ...overrides,
  };
}

function adminDink(overrides: Partial<AdminDink> = {}): AdminDink {
  return {
    thresholds: { min_loot_value: 1_000_000, min_level: 99, min_xp_milestone: 50_000_000 },
    images: { used_bytes: 256 * MB, site_cap_bytes: 1024 * MB, member_cap_bytes: 50 * MB },
    members: [],
    ...overrides,
  };
}

/** A server answering saves with what it was sent, recording each. */
function fakeServer(dink: AdminDink) {
  const sent: unknown[] = [];
  const handlers = {
    [DINK]: () => Response.json(dink),
    [SETTINGS]: ({ body }: FakeRequest) => {
      sent.push(body);
      return Response.json(body);
    },
  };
  return { sent, handlers };
}

function renderTab() {
  return renderWithQueries(
    <>
      <Toaster />
      <DinkTab />
    </>,
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DinkTab', () => {
  it('says nobody has connected Dink yet, with where members do it', async () => {
    // The server leaves out a link made only by a sharing choice, which Dink never used.
    stubApi(fakeServer(adminDink({ members: [] })).handlers);
    renderTab();
    expect(await screen.findByText('Nobody has connected Dink yet')).toBeInTheDocument();
    expect(screen.getByText('Members connect it on their profile’s Dink tab.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the members with Dink in the order the server gives, with their account, state and posts', async () => {
    const now = Date.now();
    stubApi(
      fakeServer(
        adminDink({
          // In the server's order: latest post first.
          members: [
            dinkMember('Iron Bob', {
              connected: false,
              posts: 7,
              last_post_at: new Date(now - 3 * HOUR_MS).toISOString(),
            }),
            dinkMember('Zezima', {
              posts: 1234,
              last_post_at: new Date(now - 26 * HOUR_MS).toISOString(),
            }),
            dinkMember('Lynx Titan', { bound: false, share_public: false }),
          ],
        }),
      ).handlers,
    );
    renderTab();
    const table = await screen.findByRole('table', { name: 'Members with Dink' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Player', 'Account', 'Connected', 'Bound', 'Public', 'Posts', 'Last post']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Iron Bob',
      'Zezima',
      'Lynx Titan',
    ]);
    const [bob, zezima, lynx] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(bob).toHaveTextContent('Accountiron_bobConnectedNoBoundYesPublicYesPosts7Last post3 hours ago');
    expect(zezima).toHaveTextContent('Posts1,234Last postyesterday');
    expect(within(zezima).getByText('yesterday')).toHaveAttribute(
      'title',
      expect.stringMatching(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/),
    );
    expect(lynx).toHaveTextContent('ConnectedYesBoundNoPublicNoPosts0Last postNever');
  });

  it('shows the screenshot storage used against the caps', async () => {
    stubApi(fakeServer(adminDink()).handlers);
    renderTab();
    const storage = await screen.findByRole('region', { name: 'Screenshot storage' });
    expect(storage).toHaveTextContent('256 MB used of the site’s 1 GB.');
    expect(within(storage).getByRole('progressbar', { name: 'Screenshot storage used' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(storage).toHaveTextContent('Each member may keep up to 50 MB.');
  });

  it('saves the thresholds typed with separators and says so in a toast', async () => {
    const server = fakeServer(adminDink());
    stubApi(server.handlers);
    renderTab();
    const drop = await screen.findByRole('textbox', { name: 'Minimum drop value (coins)' });
    expect(drop).toHaveValue('1,000,000');
    expect(drop).toHaveAccessibleDescription('Drops and clue rewards worth at least this much.');
    expect(field('Minimum level')).toHaveValue('99');
    expect(field('Minimum XP milestone')).toHaveValue('50,000,000');

    await userEvent.clear(drop);
    await userEvent.type(drop, '5,000,000');
    await userEvent.clear(field('Minimum level'));
    await userEvent.type(field('Minimum level'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));

    expect(await screen.findByText('Dink thresholds saved.')).toBeInTheDocument();
    expect(server.sent).toEqual([{ min_loot_value: 5_000_000, min_level: 90, min_xp_milestone: 50_000_000 }]);
    expect(drop).toHaveValue('5,000,000');
  });

  it('shows what is wrong with each field and sends nothing until it is fixed', async () => {
    const server = fakeServer(adminDink());
    stubApi(server.handlers);
    renderTab();
    const level = await screen.findByRole('textbox', { name: 'Minimum level' });
    await userEvent.clear(level);
    await userEvent.type(level, '128');
    await userEvent.clear(field('Minimum drop value (coins)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));

    expect(level).toBeInvalid();
    expect(level).toHaveAccessibleDescription(
      'Levels at or above this; 127 is 200M experience. Enter a whole number from 1 to 127',
    );
    expect(field('Minimum drop value (coins)')).toHaveAccessibleDescription(
      /Enter a whole number from 0 to 2,147,483,647/,
    );
    expect(field('Minimum XP milestone')).toBeValid();
    expect(server.sent).toEqual([]);

    // Once checked, a field is checked again as it changes.
    await userEvent.clear(level);
    await userEvent.type(level, '127');
    expect(level).toBeValid();
    await userEvent.type(field('Minimum drop value (coins)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() =>
      expect(server.sent).toEqual([{ min_loot_value: 0, min_level: 127, min_xp_milestone: 50_000_000 }]),
    );
  });

  it("shows the server's refusal beside the form, with the input kept", async () => {
    stubApi({
      ...fakeServer(adminDink()).handlers,
      [SETTINGS]: () => apiError(400, 'VALIDATION_ERROR', 'min_level must be at most 127'),
    });
    renderTab();
    const level = await screen.findByRole('textbox', { name: 'Minimum level' });
    await userEvent.clear(level);
    await userEvent.type(level, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save the thresholds: min_level must be at most 127',
    );
    expect(level).toHaveValue('50');
    expect(screen.queryByText('Dink thresholds saved.')).toBeNull();
  });

  it('shows the load failure with Try Again', async () => {
    stubApi({ [DINK]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    renderTab();
    expect(await screen.findByText('Error Loading Dink')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
