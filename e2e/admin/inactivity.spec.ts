import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { InactivityList } from '#core/members/inactivity.ts';
import { apiJson, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { openDashboard, signIn, siteOrigin } from './admin-session.ts';

const SHOTS = '/tmp/shots-f';
/** The tab's shortest window: the simulator's frozen players are inactive for it. */
const DAYS = 7;

const WIDTHS = [
  { width: 390, height: 844, name: 'phone' },
  { width: 1280, height: 800, name: 'desktop' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const inactivity = (page: Page) =>
  apiJson<InactivityList>(page.request, `/api/admin/inactivity?days=${DAYS}&limit=500`);

/** Clears a member's away date through the API, so the other width starts from the same clan. */
async function clearAway(page: Page, womId: string): Promise<void> {
  const response = await page.request.put(`/api/admin/members/${womId}/away`, {
    data: { away_until: null },
    headers: { origin: siteOrigin() },
  });
  expect(response.ok(), `clear the away date of ${womId}`).toBe(true);
}

const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`the inactivity tab on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('lists the inactive members, sets one away so they leave the list, and exports the list', async ({
      page,
    }) => {
      await signIn(page);
      // The start-up sync writes WOM's lastChangedAt: wait until it has found someone idle.
      await expect.poll(async () => (await inactivity(page)).total, { timeout: 30_000 }).toBeGreaterThan(0);
      const before = await inactivity(page);
      const member = before.members[0]!;

      await openDashboard(page, 'inactivity');
      await expect(page.getByRole('heading', { level: 2, name: 'Inactivity' })).toBeVisible();
      await page.getByRole('combobox', { name: 'No gain for' }).selectOption({ label: `${DAYS} days` });
      const list = page.getByRole('list', { name: 'Inactive members' });
      const row = list.getByRole('listitem').filter({ has: page.getByText(member.name, { exact: true }) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(`${member.days_inactive.toLocaleString('en-US')} days`);
      expect(await fitsViewport(page), 'the list fits the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/inactivity-${width}.png`, fullPage: true });

      try {
        const awayUntil = daysAfter(before.today, 14);
        await row.getByLabel(`Away until, for ${member.name}`).fill(awayUntil);
        await row.getByRole('button', { name: `Set away for ${member.name}` }).click();
        await expect(page.getByText(`${member.name} is away until`)).toBeVisible();
        await expect(list.getByText(member.name, { exact: true })).toHaveCount(0);
        const away = page.getByRole('list', { name: 'Away members' });
        await expect(away.getByText(member.name, { exact: true })).toBeVisible();
        expect(await fitsViewport(page), 'the away list fits the screen').toBe(true);
        await expectAccessible(page);
        await page.screenshot({ path: `${SHOTS}/inactivity-away-${width}.png`, fullPage: true });

        const after = await inactivity(page);
        expect(after.members.map((m) => m.wom_id)).not.toContain(member.wom_id);
        expect(after.away).toContainEqual(
          expect.objectContaining({ wom_id: member.wom_id, away_until: awayUntil }),
        );

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(`siege-inactive-${DAYS}d-${after.today}.csv`);
        const lines = readFileSync(await file.path(), 'utf8')
          .trim()
          .split('\r\n');
        expect(lines[0]).toBe('Name,WOM ID,Role,Last Active,Days Inactive,Away Until,Hidden');
        expect(lines).toHaveLength(after.total + 1);
        expect(lines.some((line) => line.includes(`,${member.wom_id},`))).toBe(false);
        const noun = after.total === 1 ? 'member' : 'members';
        await expect(page.getByText(`Exported ${after.total} inactive ${noun} to CSV.`)).toBeVisible();
      } finally {
        await clearAway(page, member.wom_id);
      }
    });
  });
}
