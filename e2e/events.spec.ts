import type { Page } from '@playwright/test';
import { expect, expectAccessible, fitsViewport, test, idlePrefetchDone, failApi } from './fixtures.ts';

const SECTIONS = [
  { counter: 'Active', table: 'Active Events', empty: 'No active events right now', limit: 10 },
  { counter: 'Upcoming', table: 'Upcoming Events', empty: 'No upcoming events scheduled', limit: 6 },
  { counter: 'Completed', table: 'Completed Events', empty: 'No completed events yet', limit: 5 },
] as const;

async function counterValue(page: Page, label: string): Promise<number> {
  const term = page.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return Number(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

function bodyRows(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody tr');
}

/** Each section shows its counter's number of events, up to its limit, or says it has none. */
async function expectSectionsMatchCounters(page: Page, showAll = false): Promise<number> {
  let total = 0;
  for (const section of SECTIONS) {
    const count = await counterValue(page, section.counter);
    total += count;
    if (count === 0) {
      await expect(page.getByText(section.empty)).toBeVisible();
    } else {
      await expect(bodyRows(page, section.table)).toHaveCount(
        showAll ? count : Math.min(count, section.limit),
      );
    }
  }
  return total;
}

test("the simulator clan's events appear as active, upcoming and completed, with counters", async ({
  page,
}) => {
  const events = (await (await page.request.get('/api/events')).json()) as Array<{ name: string }>;
  expect(events.length).toBeGreaterThan(0);

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  expect(await expectSectionsMatchCounters(page)).toBe(events.length);
  if ((await counterValue(page, 'Active')) > 0) {
    await expect(page.getByRole('table', { name: 'Active Events' })).toContainText('Ends in');
  }
  if ((await counterValue(page, 'Upcoming')) > 0) {
    await expect(page.getByRole('table', { name: 'Upcoming Events' })).toContainText('Starts in');
  }

  // Competitions link to their Wise Old Man page in a new tab.
  const competition = page.getByRole('table').first().getByRole('link').first();
  await expect(competition).toHaveAttribute('href', /^https:\/\/wiseoldman\.net\/competitions\/\d+$/);
  await expect(competition).toHaveAttribute('target', '_blank');
  await expect(competition).toHaveAttribute('rel', 'noreferrer');

  const about = page.getByRole('button', { name: 'About Our Events' });
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await about.click();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/15 points for 1st place, 10 for 2nd and 5 for 3rd/)).toBeVisible();
  await expectAccessible(page);
});

test('a visitor searches events by name; the search stays in the URL', async ({ page }) => {
  await page.goto('/events');
  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill('sotw');
  await expect(page).toHaveURL(/\?search=sotw$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  for (const row of await page.locator('tbody tr').all()) await expect(row).toContainText(/SOTW/i);

  await page.reload();
  await expect(search).toHaveValue('sotw');
  await search.fill('no such event anywhere');
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/events');
  await expect(page.getByRole('table').first()).toBeVisible();
});

test('Show All Events lifts the list limits and Show Less restores them', async ({ page }) => {
  // The demo clan has too few events to pass a limit: add finished ones to what the server sends.
  await page.route('**/api/events', async (route) => {
    const response = await route.fetch();
    const events = (await response.json()) as Array<Record<string, unknown>>;
    const extra = Array.from({ length: 9 }, (_, index) => ({
      id: 900_000 + index,
      name: `Archived Event ${index + 1}`,
      type: null,
      metric: 'woodcutting',
      description: null,
      start_date: `2025-0${index + 1}-01T00:00:00.000Z`,
      end_date: `2025-0${index + 1}-08T00:00:00.000Z`,
      wom_id: null,
      winner_username: null,
      winners: [],
    }));
    await route.fulfill({ response, json: [...events, ...extra] });
  });
  await page.goto('/events');
  const completed = bodyRows(page, 'Completed Events');
  await expect(completed).toHaveCount(5);
  const total = await counterValue(page, 'Completed');
  expect(total).toBeGreaterThan(9);

  const showAll = page.getByRole('button', { name: 'Show All Events' });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await showAll.click();
  await expect(completed).toHaveCount(total);
  await expectSectionsMatchCounters(page, true);
  await expect(page.getByText('No winner recorded').first()).toBeVisible();

  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(completed).toHaveCount(5);
});

test.describe('when the events cannot be loaded', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('shows Error Loading Events, and Try Again recovers', async ({ page }) => {
    const outage = await failApi(page, '**/api/events');
    const prefetched = idlePrefetchDone(page);
    await page.goto('/events');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error Loading Events' })).toBeVisible();
    await expect(alert).toContainText('Failed to load events');
    await expectAccessible(page);

    await prefetched;
    await expect(alert).toBeVisible();
    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('table').first()).toBeVisible();
  });
});

test('the events page fits a 375 px phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/events');
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.getByRole('button', { name: 'About Our Events' }).click();
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
});
