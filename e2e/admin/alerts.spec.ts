import type { Page } from '@playwright/test';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { apiJson, expect, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn } from './admin-session.ts';

const isAlert = (member: AdminMember) => member.runewatch_reported && !member.runewatch_whitelisted;

/**
 * Every item the Alerts tab lists, from the API (issue 29): stopped Discord routes, reported
 * members, pending claim requests, rank updates and members outside the WOM group.
 */
async function alertItems(page: Page): Promise<number> {
  const members = await adminMembers(page);
  const claims = await apiJson<ClaimRequest[]>(page.request, '/api/admin/claim-requests');
  const routes = await apiJson<DiscordRoute[]>(page.request, '/api/admin/discord/routes');
  return (
    members.filter(isAlert).length +
    members.filter((member) => member.rank_proposal !== null && !member.hidden).length +
    members.filter((member) => member.not_in_wom && member.left_at === null).length +
    claims.filter((claim) => claim.status === 'pending').length +
    routes.filter((route) => route.disabled_reason !== null).length
  );
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('an admin whitelists a member reported on the player-watch list, and the alert is gone', async ({
  page,
}) => {
  // Demo mode imports the simulator's list at start; it names a few clan members.
  await expect
    .poll(async () => (await adminMembers(page)).filter(isAlert).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const alerts = (await adminMembers(page)).filter(isAlert);
  const reported = alerts[0]!;
  const items = await alertItems(page);
  expect(items).toBeGreaterThan(alerts.length);

  await openDashboard(page, 'alerts');
  await expect(page.getByRole('heading', { name: 'Action Items Dashboard' })).toBeVisible();
  await expect(page.getByText('All items requiring admin attention are shown here')).toBeVisible();
  await expect(page.getByRole('tab', { name: `Alerts, ${items} to review` })).toBeVisible();
  await expect(page.getByText('The following clan members have been reported on RuneWatch')).toBeVisible();

  await page.getByRole('button', { name: 'Whitelist', description: reported.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Whitelist ${reported.name}` });
  await dialog.getByRole('button', { name: 'Confirm Whitelist' }).click();
  await expect(page.getByText(`${reported.name} has been whitelisted`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Whitelist', description: reported.name, exact: true }),
  ).toHaveCount(0);
  await expect(page.getByRole('tab', { name: `Alerts, ${items - 1} to review`, exact: true })).toBeVisible();

  const saved = (await adminMembers(page)).find((member) => member.wom_id === reported.wom_id);
  expect(saved).toMatchObject({
    runewatch_whitelisted: true,
    runewatch_whitelist_reason: 'Manually whitelisted by admin',
  });
});

test("an admin's rank update survives the next WOM sync", async ({ page }) => {
  // WOM's limit without an API key (20 requests a minute) paces the sync: the start-up syncs used it.
  test.setTimeout(150_000);
  const mismatched = (await adminMembers(page)).filter((member) => member.role_mismatch && !member.hidden);
  expect(mismatched.length).toBeGreaterThan(0);
  const member = mismatched[0]!;

  await openDashboard(page, 'alerts');
  await expect(page.getByRole('heading', { name: 'Rank Updates' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Rank', description: member.name, exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Update Rank', description: member.name, exact: true }),
  ).toHaveCount(0);
  const updated = (await adminMembers(page)).find((m) => m.wom_id === member.wom_id)!;
  expect(updated).toMatchObject({ womrole: member.calculated_rank, role_mismatch: false });

  await page.getByRole('tab', { name: 'Sync' }).click();
  const lastRun = async () =>
    (
      (await (await page.request.get('/api/admin/sync')).json()) as {
        runs: Array<{ id: number; outcome: string }>;
      }
    ).runs[0];
  const previous = (await lastRun())?.id ?? 0;
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await expect
    .poll(
      async () => {
        const run = await lastRun();
        return run && run.id > previous ? run.outcome : 'waiting';
      },
      { timeout: 120_000 },
    )
    .toBe('succeeded');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();

  const afterSync = (await adminMembers(page)).find((m) => m.wom_id === member.wom_id);
  expect(afterSync?.womrole).toBe(member.calculated_rank);
});
