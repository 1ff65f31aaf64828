import type { Page } from '@playwright/test';
import type { WomGroupStats } from '../src/core/wom/wom-data.schema.ts';
import { iconInitials } from '../src/core/metrics/metric-icons.ts';
import { metricDisplayName } from '../src/core/metrics/metric-names.ts';
import { formatNumber } from '../src/web/lib/format.ts';
import { expect, expectAccessible, fitsViewport, test, apiJson, failApi } from './fixtures.ts';

/** Every request the page sends to another origin than the site's (none should: no third party). */
function requestsElsewhere(page: Page, siteUrl: string): string[] {
  const site = new URL(siteUrl).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== site) elsewhere.push(request.url());
  });
  return elsewhere;
}

/**
 * Scrolls the whole page, so every lazy image loads, and waits until each image shown has loaded:
 * an icon that could not be had has been replaced by its fallback, not left as a broken image.
 */
async function expectNoBrokenImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await expect
    .poll(() =>
      page
        .locator('img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((image) => !image.complete || image.naturalWidth === 0)
            .map((image) => image.getAttribute('src')),
        ),
    )
    .toEqual([]);
}

/** The leader with the most kills or score: some clan member surely leads it. */
function topLeader<T extends { metric: string; player: { displayName: string } | null }>(
  leaders: Record<string, T>,
  value: (leader: T) => number,
) {
  return Object.values(leaders)
    .filter((leader) => leader.player && value(leader) > 0)
    .sort((a, b) => value(b) - value(a))[0]!;
}

test('a visitor browses the boss and activity leaders and searches them', async ({ page, request }) => {
  const stats = await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
  const boss = topLeader(stats.metricLeaders.bosses, (leader) => leader.kills);
  const activity = topLeader(stats.metricLeaders.activities, (leader) => leader.score);

  await page.goto('/bosses');
  await expect(page.getByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Boss Kills' })).toHaveAttribute('aria-pressed', 'true');
  const bossCard = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: metricDisplayName(boss.metric), exact: true }),
  });
  await expect(bossCard).toContainText(boss.player!.displayName);
  await expect(bossCard).toContainText(`Kills${formatNumber(boss.kills)}`);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Activities' }).click();
  await expect(page).toHaveURL(/\?view=activities$/);
  const activityCard = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: metricDisplayName(activity.metric), exact: true }),
  });
  await expect(activityCard).toContainText(`Score${formatNumber(activity.score)}`);
  await expect(activityCard).toContainText(activity.player!.displayName);

  const search = page.getByRole('searchbox', { name: 'Search activities or players' });
  await search.fill(metricDisplayName(activity.metric));
  await expect(activityCard).toBeVisible();
  const shown = await page.getByRole('listitem').count();
  expect(shown).toBeLessThan(Object.keys(stats.metricLeaders.activities).length);
  await expect(page).toHaveURL(/search=/);

  await search.fill('no such thing at all');
  await expect(page.getByText('No activities found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Boss Kills' }).click();
  await expect(page.getByText('No boss kills found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(bossCard).toBeVisible();
});

test('without an icon host, the hall of fame shows neat icon fallbacks and contacts no third party', async ({
  page,
  request,
  baseURL,
}) => {
  const stats = await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
  const boss = topLeader(stats.metricLeaders.bosses, (leader) => leader.kills);
  const activity = topLeader(stats.metricLeaders.activities, (leader) => leader.score);
  const elsewhere = requestsElsewhere(page, baseURL!);

  await page.goto('/bosses');
  const bossCard = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: metricDisplayName(boss.metric), exact: true }),
  });
  await bossCard.scrollIntoViewIfNeeded();
  // Bosses and raids show the metric's initials; an activity shows the default game icon.
  await expect(bossCard.locator('[data-icon-fallback]')).toHaveText(iconInitials(boss.metric));
  await expectNoBrokenImages(page);

  await page.getByRole('button', { name: 'Activities' }).click();
  const activityCard = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: metricDisplayName(activity.metric), exact: true }),
  });
  await activityCard.scrollIntoViewIfNeeded();
  await expect(activityCard.locator('img')).toHaveAttribute('src', '/icons/game-default.svg');
  await expectNoBrokenImages(page);
  expect(elsewhere).toEqual([]);
});

test('the hall of fame fits a phone', async ({ page, request }) => {
  await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/bosses?view=activities');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
});

test.describe('when the stats service fails', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('the error card shows and its Try Again reloads the page, which recovers', async ({
    page,
    request,
  }) => {
    await apiJson<WomGroupStats>(request, '/api/wom-group-stats');
    const outage = await failApi(page, '**/api/wom-group-stats');
    // The idle-time prefetch asks for the stats once (and retries once); let it fail first, so it
    // cannot recover the page behind Try Again's back.
    await page.goto('/');
    await expect.poll(() => outage.failures(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hall of Fame' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Unable to Load Clan Stats' })).toBeVisible();
    await expect(alert).toContainText(
      "We're having trouble connecting to the stats service right now. Please try again later.",
    );
    await expectAccessible(page);

    await outage.end();
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Try Again' }).click()]);
    await expect(page).toHaveURL('/bosses');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
