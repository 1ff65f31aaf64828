import type { Page } from '@playwright/test';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { E2E_ADMIN, expect, siteOrigin } from '../fixtures.ts';

export { siteOrigin };

/** Signs the page's browser in through the API, as the sign-in form would. */
export async function signIn(page: Page, account: { username: string; password: string } = E2E_ADMIN) {
  const response = await page.request.post('/api/auth/login', {
    data: account,
    headers: { origin: siteOrigin() },
  });
  expect(response.ok(), `sign in as ${account.username}`).toBe(true);
}

/** The admin's view of the clan, straight from the API. */
export async function adminMembers(page: Page): Promise<AdminMember[]> {
  const response = await page.request.get('/api/admin/members');
  expect(response.ok()).toBe(true);
  return (await response.json()) as AdminMember[];
}

/** Opens the dashboard on a tab. */
export async function openDashboard(page: Page, tab = 'members'): Promise<void> {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Clan Administration' })).toBeVisible();
}
