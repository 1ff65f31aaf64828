import { E2E_ADMIN, expect, expectAccessible, test } from './fixtures.ts';

test.describe('a refused login', () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test('a wrong password shows Invalid credentials and keeps the visitor signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page).toHaveURL('/login');
  });
});

test('the first admin signs in, is sent to /admin, sees the admin entry and signs out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(`  ${E2E_ADMIN.username.toUpperCase()} `);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'clan_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // A full page load keeps the session.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Clan Administration' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();

  await nav.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(await me.json()).toEqual({ user: null });
});

test('the forgot-password page only confirms locally that an admin must be contacted', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') apiCalls.push(request.url());
  });
  await page.goto('/forgot-password');
  await page.getByLabel('Username').fill('zezima');
  await page.getByRole('button', { name: 'Submit Reset Request' }).click();
  await expect(page.getByRole('status')).toContainText('contact a clan admin in-game');
  expect(apiCalls).toEqual([]);
});

test('the sign-in pages are accessible', async ({ page }) => {
  for (const path of ['/login', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
});
