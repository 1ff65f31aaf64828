import type { WomGroupStats } from '../src/core/wom/wom-data.schema.ts';
import { formatMillions, formatNumber } from '../src/web/lib/format.ts';
import { expect, expectAccessible, fitsViewport, test, apiJson, failApi } from './fixtures.ts';

test('a visitor reads the clan stats, the clan info and the ranks table', async ({ page, request }) => {
  const stats = await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
  await page.goto('/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Clan Stats' })).toBeVisible();

  const figure = (section: string, label: string) =>
    page
      .getByRole('region', { name: section })
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(figure('Maxed Stats', 'Maxed Combat')).toHaveText(formatNumber(stats.maxedCombatCount));
  await expect(figure('Maxed Stats', 'Maxed Total')).toHaveText(formatNumber(stats.maxedTotalCount));
  await expect(figure('Maxed Stats', '200M Skills')).toHaveText(formatNumber(stats.maxed200msCount));
  await expect(figure('Average Stats', 'Average Total Level')).toHaveText(formatNumber(stats.averageLevel));
  await expect(figure('Average Stats', 'Average XP')).toHaveText(formatMillions(stats.averageExperience));
  await expect(figure('Clan Info', 'Founded')).toHaveText('23 April 2022');
  await expect(figure('Clan Info', 'Home World')).toHaveText('World 517');
  await expect(figure('Clan Info', 'Members')).toHaveText(formatNumber(stats.memberCount));

  const skillers = page.getByRole('table', { name: 'Skillers' });
  await expect(skillers.getByRole('row')).toHaveCount(9);
  await expect(skillers.getByRole('row', { name: 'Opal under 3M' })).toBeVisible();
  await expect(skillers.getByRole('row', { name: 'Zenyte 500M and above' })).toBeVisible();
  const fighters = page.getByRole('table', { name: 'Fighters' });
  await expect(fighters.getByRole('row')).toHaveCount(10);
  await expect(fighters.getByRole('row', { name: 'Prefect 100 to under 300' })).toBeVisible();
  await expect(fighters.getByRole('row', { name: 'TzKal 1500 and above' })).toBeVisible();

  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await fitsViewport(page)).toBe(true);
});

test.describe('when the stats service fails', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('the page shows the error and Try Again recovers', async ({ page, request }) => {
    await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
    const outage = await failApi(page, '**/api/wom-group-stats');
    // The idle-time prefetch asks for the stats once (and retries once); let it fail first, so it
    // cannot recover the page behind Try Again's back.
    await page.goto('/');
    await expect.poll(() => outage.failures(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error Loading Clan Stats' })).toBeVisible();
    await expect(alert).toContainText('Failed to load stats data');
    // The ranks table is the clan's rules, not data: it stays readable while the stats are down.
    await expect(page.getByRole('table', { name: 'Skillers' })).toBeVisible();
    await expectAccessible(page);

    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('region', { name: 'Maxed Stats' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
