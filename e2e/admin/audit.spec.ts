import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, siteOrigin } from './admin-session.ts';

const SHOTS = '/tmp/shots-b';

const WIDTHS = [
  { width: 390, height: 844, name: 'phone' },
  { width: 1280, height: 800, name: 'desktop' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Gives a member points through the API, as the members tab's button would: one audited action. */
async function givePoints(page: Page, womId: string, amount: number): Promise<void> {
  const response = await page.request.post(`/api/admin/members/${womId}/points`, {
    data: { amount },
    headers: { origin: siteOrigin() },
  });
  expect(response.ok(), `give ${amount} points to ${womId}`).toBe(true);
}

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`the audit log on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('reads as sentences, narrows by who, what and member, and shows changes field by field', async ({
      page,
    }) => {
      await signIn(page);
      const [first, second] = (await adminMembers(page)).filter((member) => member.deleted_at === null);
      expect(first && second, 'two members to act on').toBeTruthy();
      await givePoints(page, first!.wom_id, 5);
      await givePoints(page, second!.wom_id, 2);

      await openDashboard(page, 'audit');
      const log = page.getByRole('list', { name: 'Recent admin actions' });
      const newest = log.getByRole('listitem').first();
      await expect(newest).toContainText(`${E2E_ADMIN.username} gave 2 points to ${second!.name}`);
      await expect(newest).toContainText('Points given');
      expect(await fitsViewport(page), 'the log fits the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/audit-${width}.png` });

      // Which member: only the rows about the first one, the newest being the points just given.
      await page.getByRole('combobox', { name: 'Member' }).fill(first!.name);
      await expect(log.getByRole('listitem').first()).toContainText(
        `${E2E_ADMIN.username} gave 5 points to ${first!.name}`,
      );
      await expect(log.getByText(`gave 2 points to ${second!.name}`)).toHaveCount(0);

      // What and who: the points given, by this admin.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByLabel('What', { exact: true }).selectOption({ label: 'Points given' });
      await page.getByLabel('Who', { exact: true }).selectOption({ label: E2E_ADMIN.username });
      await expect(log.getByRole('listitem').first()).toContainText(`gave 2 points to ${second!.name}`);
      for (const item of await log.getByRole('listitem').all())
        await expect(item).toContainText(/gave \d+ points? to/);

      // Before and after, field by field.
      await newest.getByText(/^Show changes/).click();
      const changes = newest.getByRole('table');
      await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
      await expect(changes.getByRole('row', { name: /Siege score/ })).toBeVisible();
      await expect(changes.getByRole('row', { name: /Points given/ })).toContainText('2');
      expect(await fitsViewport(page), 'the open changes fit the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/audit-filtered-${width}.png` });

      // A name no member has says so.
      await page.getByRole('combobox', { name: 'Member' }).fill('Nobody Here At All');
      await expect(page.getByText('No member is called that: pick one from the list.')).toBeVisible();
    });
  });
}
