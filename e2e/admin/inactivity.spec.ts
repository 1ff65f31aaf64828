import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { InactivityList } from '#core/members/inactivity.ts';
import { apiJson, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, siteOrigin } from './admin-session.ts';

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

/** The audit rows of a member's away dates, newest first. */
const awayAudit = async (page: Page, womId: string) =>
  (
    await apiJson<Array<{ action: string; target_id: string | null; after: { away_until: string | null } }>>(
      page.request,
      `/api/admin/audit?action=member.away&member=${womId}`,
    )
  ).map((entry) => entry.after.away_until);

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

    test('marks a member away who is not inactive, lists them with when they are back, and clears it', async ({
      page,
    }) => {
      await signIn(page);
      const listed = await inactivity(page);
      const skip = new Set([...listed.members, ...listed.away].map((m) => m.wom_id));
      // One member each width, still in the clan and on no list of the tab yet.
      const member = (await adminMembers(page)).filter((m) => m.left_at === null && !skip.has(m.wom_id))[
        width === 390 ? 0 : 1
      ]!;
      const awayUntil = daysAfter(listed.today, 9);

      await openDashboard(page, 'inactivity');
      const away = page.getByRole('region', { name: /^Away/ });
      try {
        await away.getByRole('combobox', { name: 'Mark a member away' }).fill(member.name);
        await away.getByRole('option', { name: member.name, exact: true }).click();
        await away.getByLabel(`Away until, for ${member.name}`).fill(awayUntil);
        await away.getByRole('button', { name: `Set away for ${member.name}` }).click();
        await expect(page.getByText(`${member.name} is away until`)).toBeVisible();
        const item = away
          .getByRole('list', { name: 'Away members' })
          .getByRole('listitem')
          .filter({
            has: page.getByText(member.name, { exact: true }),
          });
        await expect(item).toContainText('Back in 10 days');
        expect(await fitsViewport(page), 'the away list fits the screen').toBe(true);
        await expectAccessible(page);
        await page.screenshot({ path: `${SHOTS}/inactivity-mark-away-${width}.png`, fullPage: true });

        await item.getByRole('button', { name: `Clear away date for ${member.name}` }).click();
        await expect(page.getByText(`${member.name} is no longer away.`)).toBeVisible();
        await expect(item).toHaveCount(0);
        expect((await awayAudit(page, member.wom_id)).slice(0, 2)).toEqual([null, awayUntil]);
      } finally {
        await clearAway(page, member.wom_id);
      }
    });
  });
}
