import type { Page } from '@playwright/test';
import { apiJson, expect, test } from './fixtures.ts';

/**
 * Issue 29, item 28: the journeys' server has no icon host, as a site without the internet, so it
 * holds no game icon. Pages ask it which icons it holds and request none of the others: each shows
 * its monogram at once, and the console (checked by every journey) has no 404 for an icon.
 */

/** Every game icon the page requests from the site. */
function iconRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/icons\/[a-z0-9_]+\.png$/.test(pathname)) requested.push(pathname);
  });
  return requested;
}

test('offline, the hall of fame shows every boss as its monogram and asks for no icon, the idle preloading included', async ({
  page,
  request,
}) => {
  expect(await apiJson<string[]>(request, '/api/icons')).toEqual([]);
  const requested = iconRequests(page);
  const preloaded = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/icons');

  await page.goto('/bosses');
  const fallbacks = page.locator('[data-icon-fallback]');
  await expect(fallbacks.first()).toBeVisible();
  expect(await fallbacks.count()).toBeGreaterThan(5);
  await expect(page.locator('main img[src^="/icons/"][src$=".png"]')).toHaveCount(0);

  // The idle preloading consults the list too: wait past its start and its 21 steps.
  await preloaded;
  await page.waitForTimeout(2_500);
  expect(requested).toEqual([]);
});
