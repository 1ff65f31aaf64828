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
    await expect(rows).toHaveCount(Math.min(entries.length, 10));
    const top = entries[0]!;
    await expect(rows.first()).toContainText(top.name);
    await expect(rows.first().locator('td').first()).toHaveText('1');
    await expect(rows.first().locator('td').last()).toHaveText(top.value.toLocaleString('en-US'));
  }
  await expect(page.getByRole('heading', { name: 'How Siege Points Are Earned' })).toBeVisible();
  await expectAccessible(page);
});

test('a board offers its full list only above 10 entries, and collapses again', async ({ page }) => {
  const boards = await fetchBoards(page);
  await page.goto('/leaderboard');
  await expect(bodyRows(page, 'Siege Score').first()).toBeVisible();
  for (const [title, entries] of [
    ['Siege Score', boards.siege_score],
    ['Event Wins', boards.event_wins],
  ] as const) {
    const board = page.getByRole('region', { name: title });
    const expand = board.getByRole('button', { name: `Show Full Leaderboard (${entries.length})` });
    if (entries.length <= 10) {
      await expect(board.getByRole('button')).toHaveCount(0);
      continue;
    }
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(bodyRows(page, title)).toHaveCount(entries.length);
    await expect(bodyRows(page, title).last()).toContainText(entries.at(-1)!.name);
    await board.getByRole('button', { name: 'Show Top 10' }).click();
    await expect(bodyRows(page, title)).toHaveCount(10);
  }
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
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/leaderboard');
  await expect(bodyRows(page, 'Siege Score').first()).toBeVisible();
  const expand = page.getByRole('button', { name: /Show Full Leaderboard/ }).first();
  if ((await expand.count()) > 0) await expand.click();
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
});
