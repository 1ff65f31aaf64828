import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerWatchStatus, SyncRunItem, SyncStatus } from '#core/sync/sync.schema.ts';
import { apiError, renderWithQueries, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { playerWatchQueryKey } from '../api/player-watch.ts';
import { syncStatusQueryKey } from '../api/wom-sync.ts';
import { SyncTab } from './sync-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function run(id: number, overrides: Partial<SyncRunItem> = {}): SyncRunItem {
  return {
    id,
    started_at: '2026-11-25T18:00:00.000Z',
    finished_at: '2026-11-25T18:03:05.000Z',
    outcome: 'succeeded',
    stage: null,
    error: null,
    wom_requests: 6,
    counts: { members_updated: 150, achievements: 12 },
    triggered_by: null,
    ...overrides,
  };
}

const idle: SyncStatus = {
  running: false,
  current: null,
  runs: [run(2), run(1, { outcome: 'failed', error: 'WOM answered 503', counts: null })],
};

const running = (stage: string): SyncStatus => {
  const current = run(3, { outcome: 'running', finished_at: null, stage, counts: null });
  return { running: true, current, runs: [current, ...idle.runs] };
};

const watch = (overrides: Partial<PlayerWatchStatus> = {}): PlayerWatchStatus => ({
  running: false,
  current: null,
  runs: [run(5, { wom_requests: 0, counts: { cases: 1200 } })],
  url: 'https://runewatch.example/list.json',
  cases: 1200,
  alerts: 2,
  ...overrides,
});

function renderSync(seed: { sync?: SyncStatus; watch?: PlayerWatchStatus } = {}) {
  const notify = vi.fn();
  const queries: Array<[readonly unknown[], unknown]> = [];
  if (seed.sync) queries.push([syncStatusQueryKey, seed.sync]);
  if (seed.watch) queries.push([playerWatchQueryKey, seed.watch]);
  const view = renderWithQueries(<SyncTab notify={notify} />, queries);
  return { ...view, notify };
}

const womPanel = () => screen.getByRole('region', { name: 'Wise Old Man Sync' });
const watchPanel = () => screen.getByRole('region', { name: 'Player Watch List' });

/** Answers each request with the next of `answers`, repeating the last. */
function inTurn(...answers: Array<() => Response>) {
  let turn = 0;
  return (_: FakeRequest) => {
    const answer = answers[Math.min(turn, answers.length - 1)]!;
    turn += 1;
    return answer();
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const requestsTo = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === 'GET').length;

describe('sync tab: WOM sync', () => {
  it('shows how the last sync ended and the recent runs', () => {
    renderSync({ sync: idle, watch: watch() });
    const panel = within(womPanel());
    expect(panel.getByText('Last sync succeeded at 25 Nov 2026, 18:03 UTC.')).toBeInTheDocument();
    const rows = within(panel.getByRole('table', { name: 'Recent sync runs' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'StartedDurationOutcomeWOM requestsCountsError',
      // Each cell names itself for a phone's card, where the headings are read by screen readers only.
      '25 Nov 2026, 18:00 UTCDuration3 min 05 sOutcomeSucceededWOM requests6Countsmembers updated: 150achievements: 12',
      '25 Nov 2026, 18:00 UTCDuration3 min 05 sOutcomeFailedWOM requests6Counts-ErrorWOM answered 503',
    ]);
    expect(
      within(panel.getByRole('table', { name: 'Recent sync runs' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['25 Nov 2026, 18:00 UTC', '25 Nov 2026, 18:00 UTC']);
    expect(panel.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it('starts a sync and follows its stages every second until it ends, then every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubApi({
      'POST /api/admin/sync': () => Response.json({ run_id: 3 }, { status: 202 }),
      'GET /api/admin/player-watch': () => Response.json(watch()),
      'GET /api/admin/sync': inTurn(
        () => Response.json(running('Fetching member stats')),
        () => Response.json(running('Fetching competitions')),
        () => Response.json({ ...idle, runs: [run(3), ...idle.runs] }),
      ),
    });
    renderSync({ sync: idle, watch: watch() });
    await userEvent.click(within(womPanel()).getByRole('button', { name: 'Sync now' }));

    const bar = await within(womPanel()).findByRole('progressbar', { name: 'Sync progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '7');
    expect(bar).toHaveAttribute('aria-valuetext', 'Step 2 of 7: Fetching member stats');
    expect(within(womPanel()).getByRole('button', { name: 'Syncing...' })).toBeDisabled();

    await advance(1000);
    expect(within(womPanel()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    await advance(1000);
    expect(within(womPanel()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(womPanel()).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(fetch).toHaveBeenCalledWith('/api/admin/sync', expect.objectContaining({ method: 'POST' }));

    const polls = requestsTo(fetch, '/api/admin/sync');
    await advance(5000);
    expect(requestsTo(fetch, '/api/admin/sync')).toBe(polls);
    await advance(5000);
    expect(requestsTo(fetch, '/api/admin/sync')).toBe(polls + 1);
  });

  it("says why a sync could not start, in the server's words", async () => {
    stubApi({ 'POST /api/admin/sync': () => apiError(409, 'CONFLICT', 'A sync is already running') });
    const { notify } = renderSync({ sync: idle, watch: watch() });
    await userEvent.click(within(womPanel()).getByRole('button', { name: 'Sync now' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to start the sync: A sync is already running',
      }),
    );
  });

  it('retries a lost connection after 1, 2, 5 and 10 s, saying so, until the server answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const down = () => apiError(503, 'DATABASE_UNAVAILABLE', 'Database is down');
    const fetch = stubApi({
      'GET /api/admin/player-watch': () => Response.json(watch()),
      'GET /api/admin/sync': inTurn(
        () => Response.json(running('Fetching the group')),
        down,
        down,
        down,
        down,
        down,
        () => Response.json(running('Saving')),
      ),
    });
    renderSync({ watch: watch() });
    expect(await within(womPanel()).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');

    const notice = () => within(womPanel()).queryByRole('status');
    // Each wait is the delay the previous answer set: 1 s while running, then the backoff.
    for (const [wait, seconds] of [
      [1000, 1],
      [1000, 2],
      [2000, 5],
      [5000, 10],
      [10_000, 10],
    ] as const) {
      await advance(wait);
      expect(notice()).toHaveTextContent(`Connection lost (Database is down). Retrying in ${seconds} s...`);
      // The last answer stays on screen while the connection is retried.
      expect(within(womPanel()).getByRole('progressbar')).toBeInTheDocument();
    }
    await advance(10_000);
    expect(notice()).not.toBeInTheDocument();
    expect(within(womPanel()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '7');
    expect(requestsTo(fetch, '/api/admin/sync')).toBe(7);

    // Back to polling every second while the run goes on.
    await advance(1000);
    expect(requestsTo(fetch, '/api/admin/sync')).toBe(8);
  });
});

describe('sync tab: player watch', () => {
  function listFile(text: string, name = 'runewatch.json'): File {
    const file = new File([text], name, { type: 'application/json' });
    // jsdom's File has no text(), which every browser's has.
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
    return file;
  }
  const uploadInput = () => within(watchPanel()).getByLabelText('Upload list (JSON)');

  it('shows where the list comes from, its size and its recent downloads', () => {
    renderSync({ sync: idle, watch: watch() });
    const panel = within(watchPanel());
    expect(panel.getByText('https://runewatch.example/list.json')).toBeInTheDocument();
    expect(panel.getByText('1,200')).toBeInTheDocument();
    expect(panel.getByRole('table', { name: 'Recent downloads' })).toHaveTextContent('cases: 1,200');
    expect(panel.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed download with its error, and that the last good list is kept', () => {
    renderSync({
      sync: idle,
      watch: watch({ runs: [run(6, { outcome: 'failed', error: 'HTTP 503 from the list' }), run(5)] }),
    });
    expect(within(watchPanel()).getByRole('alert')).toHaveTextContent(
      'The last download failed: HTTP 503 from the list. The last good list is kept.',
    );
  });

  it('downloads the list on request, and only when an address is configured', async () => {
    const fetch = stubApi({
      'POST /api/admin/player-watch/run': () => Response.json({ run_id: 7 }, { status: 202 }),
      'GET /api/admin/player-watch': () => Response.json(watch({ running: true })),
    });
    renderSync({ sync: idle, watch: watch() });
    await userEvent.click(within(watchPanel()).getByRole('button', { name: 'Download now' }));
    expect(await within(watchPanel()).findByText('Downloading the list...')).toBeInTheDocument();
    expect(within(watchPanel()).getByRole('button', { name: 'Downloading...' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/player-watch/run',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('offers no download without a configured address', () => {
    renderSync({ sync: idle, watch: watch({ url: null }) });
    expect(
      within(watchPanel()).getByText('No address is configured: upload the list instead.'),
    ).toBeInTheDocument();
    expect(within(watchPanel()).getByRole('button', { name: 'Download now' })).toBeDisabled();
  });

  it('imports an uploaded list and says what it changed', async () => {
    const cases = [{ accused_rsn: 'Scammer', reason: 'Scam' }, { accused_rsn: 'Luring Larry' }];
    const fetch = stubApi({
      'POST /api/admin/player-watch/import': () =>
        Response.json({ cases: 2, reported_members: 1, newly_reported: 1, cleared: 3 }),
      'GET /api/admin/player-watch': () => Response.json(watch({ cases: 2 })),
    });
    const { notify } = renderSync({ sync: idle, watch: watch() });
    await userEvent.upload(uploadInput(), listFile(JSON.stringify(cases)));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'success',
        text: 'Imported 2 cases: 1 members reported (1 new, 3 cleared).',
      }),
    );
    const post = fetch.mock.calls.find(([url]) => url === '/api/admin/player-watch/import');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual(cases);
    expect(uploadInput()).toHaveValue('');
  });

  it('refuses a file that is not a JSON array without sending it', async () => {
    const fetch = stubApi({});
    const { notify } = renderSync({ sync: idle, watch: watch() });
    await userEvent.upload(uploadInput(), listFile('{"accused_rsn": "Scammer"}', 'one.json'));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to import the list: one.json is not a JSON array of cases',
      }),
    );
    await userEvent.upload(uploadInput(), listFile('not json', 'broken.json'));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to import the list: broken.json is not JSON',
      }),
    );
    // The tab's other panels load (the backups list); nothing was sent for the list.
    expect(fetch.mock.calls.filter(([url]) => url === '/api/admin/player-watch/import')).toEqual([]);
  });

  it("passes on the server's reason when it refuses the list", async () => {
    stubApi({
      'POST /api/admin/player-watch/import': () =>
        apiError(400, 'VALIDATION_ERROR', 'Case 3 has no accused_rsn'),
    });
    const { notify } = renderSync({ sync: idle, watch: watch() });
    await userEvent.upload(uploadInput(), listFile('[{}]'));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to import the list: Case 3 has no accused_rsn',
      }),
    );
  });
});
