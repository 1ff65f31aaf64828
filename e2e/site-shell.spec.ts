import { NAV_LINKS, expect, expectAccessible, failApi, fitsViewport, test } from './fixtures.ts';

test.describe('an unknown path', () => {
  // The document itself answers 404, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('a visitor opens the home page, walks the navbar and meets the 404 page', async ({ page }) => {
    // Ten pages, each loading its code and data: more than the default bound on a busy machine.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Siege' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Minimum total level to join' })).toContainText('1,750');
    await expect(page.getByText('23 April 2022')).toBeVisible();
    await expect(page.getByText('World 517')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of NAV_LINKS) {
      await nav.getByRole('link', { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toHaveCount(0);
    }

    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test('the navbar is hidden on the sign-in pages', async ({ page }) => {
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
});

test('the /new-members page is the welcome page', async ({ page }) => {
  await page.goto('/new-members');
  await expect(page.getByRole('heading', { name: 'How to join' })).toBeVisible();
});

test('on a phone the menu collapses, opens, and closes on an outside click and on navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Members' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(nav.getByRole('link', { name: 'Members' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL('/stats');
  await expect(nav.getByRole('link', { name: 'Members' })).toBeHidden();
});

for (const { width, height, menu } of [
  { width: 1280, height: 800, menu: false },
  { width: 768, height: 1024, menu: true },
  { width: 390, height: 844, menu: true },
]) {
  test(`at ${width} px a visitor reaches public races and goals and the personal bests from the navbar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const open = async () => {
      if (!menu) return;
      await nav.getByRole('button', { name: 'Open menu' }).click();
      // Every entry of the open menu is on the first screen, without scrolling down to it.
      const bottom = await nav.evaluate((element) => element.getBoundingClientRect().bottom);
      expect(bottom).toBeLessThanOrEqual(height);
    };
    expect(await fitsViewport(page)).toBe(true);

    await open();
    await nav.getByRole('link', { name: 'Progress', exact: true }).click();
    await expect(page).toHaveURL('/progress');
    await expect(page.getByRole('tab', { name: 'Public Races', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Member Goals' }).click();
    await expect(page.getByRole('tab', { name: 'Member Goals', selected: true })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);

    await open();
    await nav.getByRole('link', { name: 'Personal Bests', exact: true }).click();
    await expect(page).toHaveURL('/personal-bests');
    await expect(page.getByRole('heading', { level: 1, name: 'Personal Bests & Loot' })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`navbar-${width}.png`) });
  });
}

test('the favicon is the icon of the month', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-10-31T12:00:00Z'));
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/icons\/pumpkin\.svg$/);
  await page.clock.setFixedTime(new Date('2026-12-24T12:00:00Z'));
  await page.reload();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/icons\/hat\.svg$/);
});

test('on a phone every public page is reachable from the menu, and the welcome page is accessible', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expectAccessible(page);
  expect(await fitsViewport(page)).toBe(true);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of NAV_LINKS) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
  }
});

test.describe('when the clan profile cannot be loaded', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('the welcome page shows Error Loading Data, and Try Again recovers', async ({ page }) => {
    const outage = await failApi(page, '**/api/clan');
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error Loading Data' })).toBeVisible();
    await expect(alert).toContainText('Failed to load data');
    expect(outage.failures()).toBeGreaterThan(0);
    await expectAccessible(page);

    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Siege' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'How to join' })).toBeVisible();
  });
});
