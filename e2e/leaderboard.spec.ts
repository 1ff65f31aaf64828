import type { Page } from '@playwright/test';
import { expect, expectAccessible, fitsViewport, test, failApi } from './fixtures.ts';

interface Entry {
  rank: number;
  wom_id: string;
  name: string;
  value: number;
}

async function fetchBoards(page: Page): Promise<{ siege_score: Entry[]; event_wins: Entry[] }> {
  return (await (await page.request.get('/api/leaderboards')).json()) as {
    siege_score: Entry[];
    event_wins: Entry[];
  };
}

function bodyRows(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody tr');
}

test('the boards show the points and wins that the sync booked from the demo history', async ({ page }) => {
  const boards = await fetchBoards(page);
  // The demo's first start replays a month of finished competitions.
  expect(boards.siege_score.length).toBeGreaterThan(0);
  expect(boards.event_wins.length).toBeGreaterThan(0);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  for (const [table, entries] of [
    ['Siege Score', boards.siege_score],
    ['Event Wins', boards.event_wins],
  ] as const) {
    const rows = bodyRows(page, table);
    // The top 10 places: everyone tied at 10th too.
    await expect(rows).toHaveCount(entries.filter((entry) => entry.rank <= 10).length);
    const top = entries[0]!;
    await expect(rows.first()).toContainText(top.name);
    await expect(rows.first().locator('td').first()).toHaveText('1');
    await expect(rows.first().locator('td').last()).toHaveText(top.value.toLocaleString('en-US'));
  }
  await expect(page.getByRole('heading', { name: 'How Siege Points Are Earned' })).toBeVisible();
  await expectAccessible(page);
});

/** Ranked as the server ranks them: ties share a place, and the next place counts the players ahead. */
function board(values: number[], prefix: string): Entry[] {
  return values.map((value, index) => ({
    rank: values.indexOf(value) + 1,
    wom_id: `${prefix}-${index + 1}`,
    name: `${prefix} Player ${index + 1}`,
    value,
  }));
}

/** 13 siege scores (a full board behind a button) and 4 event winners (no button), with ties in both. */
const KNOWN_BOARDS = {
  siege_score: board([120, 95, 95, 80, 64, 50, 45, 45, 45, 30, 20, 15, 5], 'Siege'),
  event_wins: board([3, 3, 2, 1], 'Wins'),
};

/** Serves `KNOWN_BOARDS` instead of the demo's, whose sizes depend on the simulated history. */
async function serveKnownBoards(page: Page) {
  await page.route('**/api/leaderboards', (route) => route.fulfill({ json: KNOWN_BOARDS }));
}

const places = (page: Page, table: string) => bodyRows(page, table).locator('td:first-child');

test('a board offers its full list only above 10 entries, shows ties as equal places, and collapses again', async ({
  page,
}) => {
  await serveKnownBoards(page);
  await page.goto('/leaderboard');
  const siege = page.getByRole('region', { name: 'Siege Score' });
  const wins = page.getByRole('region', { name: 'Event Wins' });

  await expect(bodyRows(page, 'Siege Score')).toHaveCount(10);
  await expect(places(page, 'Siege Score')).toHaveText(['1', '2', '2', '4', '5', '6', '7', '7', '7', '10']);
  await expect(bodyRows(page, 'Siege Score').nth(1)).toContainText('Siege Player 2');
  await expect(bodyRows(page, 'Siege Score').nth(2)).toContainText('Siege Player 3');

  // Four entries: the whole board shows and no button is offered.
  await expect(bodyRows(page, 'Event Wins')).toHaveCount(4);
  await expect(places(page, 'Event Wins')).toHaveText(['1', '1', '3', '4']);
  await expect(wins.getByRole('button')).toHaveCount(0);

  const expand = siege.getByRole('button', { name: 'Show Full Leaderboard (13)' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  await expect(bodyRows(page, 'Siege Score')).toHaveCount(13);
  await expect(places(page, 'Siege Score')).toHaveText([
    '1',
    '2',
    '2',
    '4',
    '5',
    '6',
    '7',
    '7',
    '7',
    '10',
    '11',
    '12',
    '13',
  ]);
  await expect(bodyRows(page, 'Siege Score').last()).toContainText('Siege Player 13');
  const collapse = siege.getByRole('button', { name: 'Show Top 10' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await collapse.click();
  await expect(bodyRows(page, 'Siege Score')).toHaveCount(10);
  await expect(siege.getByRole('button', { name: 'Show Full Leaderboard (13)' })).toBeVisible();
});

test('a board lists all eight players tied for 9th at 9th, and the rest behind its button', async ({
  page,
}) => {
  await page.route('**/api/leaderboards', (route) =>
    route.fulfill({
      json: {
        siege_score: board([90, 80, 70, 60, 50, 40, 30, 20, ...Array<number>(8).fill(10), 5], 'Tie'),
        event_wins: [],
      },
    }),
  );
  await page.goto('/leaderboard');
  await expect(places(page, 'Siege Score')).toHaveText([
    ...['1', '2', '3', '4', '5', '6', '7', '8'],
    ...Array<string>(8).fill('9'),
  ]);
  await page.getByRole('button', { name: 'Show Full Leaderboard (17)' }).click();
  await expect(bodyRows(page, 'Siege Score').last()).toContainText('Tie Player 17');
});

test('a board of exactly 10 entries offers no full list', async ({ page }) => {
  await page.route('**/api/leaderboards', (route) =>
    route.fulfill({
      json: { siege_score: board([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 'Ten'), event_wins: [] },
    }),
  );
  await page.goto('/leaderboard');
  await expect(bodyRows(page, 'Siege Score')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Siege Score' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Event Wins' })).toContainText('No event winners yet');
});

test.describe('when the leaderboards cannot be loaded', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('shows Error Loading Leaderboards, and Try Again recovers', async ({ page }) => {
    const outage = await failApi(page, '**/api/leaderboards');
    await page.goto('/leaderboard');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error Loading Leaderboards' })).toBeVisible();
    await expect(alert).toContainText('Failed to load leaderboards');
    await expectAccessible(page);

    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(bodyRows(page, 'Siege Score').first()).toBeVisible();
  });
});

test('the leaderboard fits a 375 px phone screen, full board open', async ({ page }) => {
  await serveKnownBoards(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/leaderboard');
  await page.getByRole('button', { name: 'Show Full Leaderboard (13)' }).click();
  await expect(bodyRows(page, 'Siege Score')).toHaveCount(13);
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
});
