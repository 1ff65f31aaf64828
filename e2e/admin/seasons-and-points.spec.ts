import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { E2E_ADMIN, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, siteOrigin, womRecruit } from './admin-session.ts';

const SHOTS = '/tmp/shots-c';

const WIDTHS = [
  { width: 390, height: 844, name: 'phone' },
  { width: 1280, height: 800, name: 'desktop' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function post(page: Page, path: string, data: object) {
  const response = await page.request.post(path, { data, headers: { origin: siteOrigin() } });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  return response;
}

/**
 * A member of this journey alone, added as the member form would add them, with a starting score,
 * under a WOM id the simulated WOM knows (Add Member asks WOM).
 */
async function addMember(page: Page, name: string, siegeScore = 0): Promise<{ name: string; womId: string }> {
  const { womId } = await womRecruit(page);
  await post(page, '/api/admin/members', {
    wom_id: womId,
    name,
    wom_name: null,
    womrole: 'opal',
    title: null,
    join_date: '2026-11-01',
    current_lvl: 1200,
    current_xp: 20_000_000,
    first_lvl: 1100,
    first_xp: 15_000_000,
    ehb: 10,
    siege_score: siegeScore,
  });
  return { name, womId };
}

const givePoints = (page: Page, womId: string, amount: number) =>
  post(page, `/api/admin/members/${womId}/points`, { amount });

/** Opens a member's expanded row on the members tab. */
async function openDetails(page: Page, name: string): Promise<void> {
  await openDashboard(page);
  await page.getByRole('searchbox', { name: 'Search members' }).fill(name);
  const toggle = page.getByRole('button', { name: `Show details for ${name}` });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

const isAlert = (member: AdminMember) => member.runewatch_reported && !member.runewatch_whitelisted;

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`seasons, whitelist and points on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('the Seasons tab shows each past season with its dates and final standings', async ({ page }) => {
      // Scores no demo member comes near, so these two finish first and second.
      const champ = await addMember(page, `Season Champ ${width}`, 900_000);
      const runner = await addMember(page, `Season Runner ${width}`, 899_990);
      await givePoints(page, champ.womId, 15);
      // The yearly reset closes the season: its scores are the archive the tab reads.
      const reset = await post(page, '/api/admin/siege-scores/reset', { confirmation: 'RESET ALL SCORES' });
      const { closed } = (await reset.json()) as { closed: { name: string } };

      await openDashboard(page, 'seasons');
      await expect(page.getByRole('tab', { name: 'Seasons', selected: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Past Seasons' })).toBeVisible();
      const season = page.getByRole('region', { name: closed.name, exact: true });
      await expect(season.getByText(/^\d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}$/)).toBeVisible();
      const standings = season.getByRole('table', { name: `Final standings of ${closed.name}` });
      await expect(standings.getByRole('columnheader')).toHaveText(['Rank', 'Name', 'Score']);
      const rows = standings.getByRole('row');
      await expect(rows.nth(1)).toHaveText(`1${champ.name}900,015`);
      await expect(rows.nth(2)).toHaveText(`2${runner.name}899,990`);

      expect(await fitsViewport(page), 'the seasons fit the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/seasons-${width}.png`, fullPage: true });

      // The rest of the standings on request, still one place per member.
      const showAll = season.getByRole('button', { name: /^Show all/ });
      if (await showAll.isVisible()) {
        await showAll.click();
        await expect(showAll).toHaveCount(0);
        await expect(rows.nth(1)).toHaveText(`1${champ.name}900,015`);
        expect(await rows.count()).toBeGreaterThan(11);
      }
    });

    test("a member's expanded row lists their points this season, newest first, and follows new points", async ({
      page,
    }) => {
      const target = await addMember(page, `Points Ledger ${width}`);
      await givePoints(page, target.womId, 5);
      await givePoints(page, target.womId, 10);

      await openDetails(page, target.name);
      const history = page.getByRole('region', { name: 'Points history' });
      await expect(history.getByRole('heading', { name: 'Points history' })).toBeVisible();
      const entries = history.getByRole('list', { name: 'Points history' }).getByRole('listitem');
      await expect(entries).toHaveCount(2);
      await expect(entries.first()).toContainText('+10 points');
      await expect(entries.first()).toContainText('Added by admin');
      await expect(entries.first()).toContainText(`By ${E2E_ADMIN.username}`);
      await expect(entries.nth(1)).toContainText('+5 points');

      await page.getByRole('button', { name: '+15', exact: true }).click();
      await expect(page.getByText(`Added 15 points to ${target.name}`)).toBeVisible();
      await expect(entries).toHaveCount(3);
      await expect(entries.first()).toContainText('+15 points');

      expect(await fitsViewport(page), 'the expanded row fits the screen').toBe(true);
      await expectAccessible(page);
      await history.screenshot({ path: `${SHOTS}/points-history-${width}.png` });
    });

    test('an admin removes a member from the whitelist with a reason, from the row and from the alerts', async ({
      page,
    }) => {
      // From the expanded row, beside the player-watch status.
      const target = await addMember(page, `Whitelist Undo ${width}`);
      await post(page, `/api/admin/members/${target.womId}/whitelist`, { reason: 'Vouched for' });
      await openDetails(page, target.name);
      await page.getByRole('button', { name: `Remove ${target.name} from whitelist` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Remove ${target.name} from the whitelist` });
      await expect(dialog.getByText('Vouched for')).toBeVisible();
      await dialog.getByRole('button', { name: 'Remove from Whitelist' }).click();
      await expect(
        dialog.getByText('A reason is required to remove a member from the whitelist'),
      ).toBeVisible();
      await dialog.getByLabel('Reason (required)').fill('The voucher left the clan');
      expect(await fitsViewport(page), 'the dialog fits the screen').toBe(true);
      await page.screenshot({ path: `${SHOTS}/unwhitelist-dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Remove from Whitelist' }).click();
      await expect(page.getByText(`${target.name} was removed from the whitelist`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Remove ${target.name} from whitelist` })).toHaveCount(0);
      const saved = (await adminMembers(page)).find((m) => m.wom_id === target.womId);
      expect(saved).toMatchObject({ runewatch_whitelisted: false, runewatch_whitelist_reason: null });

      // From the alerts: a reported member, once whitelisted, is an alert again when taken off.
      await expect
        .poll(async () => (await adminMembers(page)).filter((m) => m.runewatch_reported).length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const reported = (await adminMembers(page)).find((m) => m.runewatch_reported)!;
      if (isAlert(reported)) {
        await post(page, `/api/admin/members/${reported.wom_id}/whitelist`, { reason: 'Cleared by council' });
      }
      await openDashboard(page, 'alerts');
      await page.getByRole('button', { name: /^Whitelisted reports \(\d+\)$/ }).click();
      await page.getByRole('button', { name: `Remove ${reported.name} from whitelist` }).click();
      const alertsDialog = page.getByRole('alertdialog', {
        name: `Remove ${reported.name} from the whitelist`,
      });
      await alertsDialog.getByLabel('Reason (required)').fill('New evidence on the case');
      await alertsDialog.getByRole('button', { name: 'Remove from Whitelist' }).click();
      await expect(page.getByText(`${reported.name} was removed from the whitelist`)).toBeVisible();
      await expect(
        page.getByRole('button', { name: 'Whitelist', description: reported.name, exact: true }),
      ).toBeVisible();
      expect(await fitsViewport(page), 'the alerts fit the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/alerts-unwhitelisted-${width}.png` });
    });
  });
}
