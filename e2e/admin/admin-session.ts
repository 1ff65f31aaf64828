import type { Page } from '@playwright/test';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { E2E_ADMIN, E2E_SIMULATOR_PORT, expect, siteOrigin } from '../fixtures.ts';

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

/**
 * A player the admin server's simulated WOM starts tracking now, in no group: a WOM id that Add
 * Member, which asks WOM (issue 29), accepts. The name is unique to the call, within WOM's 12.
 */
export async function womRecruit(page: Page): Promise<{ womId: string; womName: string }> {
  const name = `Recruit ${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post(
    `http://127.0.0.1:${E2E_SIMULATOR_PORT}/v2/players/${encodeURIComponent(name)}`,
  );
  expect(response.status(), `${name} tracked by the simulated WOM`).toBe(201);
  const player = (await response.json()) as { id: number; displayName: string };
  return { womId: String(player.id), womName: player.displayName };
}

/** Opens the dashboard on a tab. */
export async function openDashboard(page: Page, tab = 'members'): Promise<void> {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Clan Administration' })).toBeVisible();
}
