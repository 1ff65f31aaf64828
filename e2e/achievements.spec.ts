import { expect, expectAccessible, fitsViewport, test, failApi } from './fixtures.ts';

const ACHIEVEMENTS_API = /\/api\/wom-group-achievements(\?|$)/;

test('a visitor reads the 10 latest achievements and shows more', async ({ page, request }) => {
  const [latest] = (await (await request.get('/api/wom-group-achievements')).json()) as Array<{
    name: string;
    player: { displayName: string };
  }>;

  await page.goto('/achievements');
  await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Recent achievements' }).getByRole('listitem');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(latest!.player.displayName);
  await expect(rows.first()).toContainText(latest!.name);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(rows).toHaveCount(10);

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await fitsViewport(page)).toBe(true);
});

test.describe('when the achievements fail to load', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('the page shows the error and Try Again recovers', async ({ page }) => {
    const outage = await failApi(page, ACHIEVEMENTS_API);
    // The idle-time prefetch asks for achievements once (and retries once); let it fail first, so it
    // cannot recover the page behind Try Again's back.
    await page.goto('/');
    await expect.poll(() => outage.failures(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Achievements' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Unable to Load Achievements' })).toBeVisible();
    await expect(alert).toContainText(
      "We're having trouble loading recent achievements right now. Please try again later.",
    );
    await expectAccessible(page);

    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('list', { name: 'Recent achievements' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
