import { E2E_MEMBER, expect, test } from '../fixtures.ts';
import { signIn, siteOrigin } from './admin-session.ts';

test('a visitor opening an admin page is sent to the sign-in page', async ({ page }) => {
  for (const path of [
    '/admin',
    '/admin/members',
    '/admin/members/new',
    '/admin/members/deleted',
    '/admin/events/new',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  }
});

test.describe('a member who is not an admin', () => {
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('sees Access Restricted, and the API refuses them with 403', async ({ page }) => {
    await signIn(page, E2E_MEMBER);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(
      page.getByText('You must be logged in as an administrator to view this page.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/login');

    const read = await page.request.get('/api/admin/members');
    expect(read.status()).toBe(403);
    expect(read.headers()['cache-control']).toBe('no-store');
    const members = (await (await page.request.get('/api/members')).json()) as Array<{
      wom_id: string;
      siege_score: number;
    }>;
    const target = members[0]!;
    const award = await page.request.post(`/api/admin/members/${target.wom_id}/points`, {
      data: { amount: 15 },
      headers: { origin: siteOrigin() },
    });
    expect(award.status()).toBe(403);
    const after = (await (await page.request.get('/api/members')).json()) as Array<{
      wom_id: string;
      siege_score: number;
    }>;
    expect(after.find((m) => m.wom_id === target.wom_id)?.siege_score).toBe(target.siege_score);
  });
});
