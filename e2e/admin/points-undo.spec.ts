import { mkdirSync } from 'node:fs';
import type { PointsHistory } from '#core/members/points-history.ts';
import { answerConfirm, apiJson, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn } from './admin-session.ts';

const SHOTS = '/tmp/shots-admin-ui';

const WIDTHS = [
  { width: 390, height: 844, name: 'phone', member: 0 },
  { width: 1280, height: 800, name: 'desktop', member: 1 },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const { width, height, name: device, member: index } of WIDTHS) {
  test.describe(`points with a reason, and their undo, on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('an admin gives points with a reason, sees it in the history, and undoes them', async ({ page }) => {
      await signIn(page);
      // A member of the demo clan each width, visible on the roster, so the two runs never meet.
      const member = (await adminMembers(page)).filter((m) => !m.hidden && m.left_at === null)[index]!;
      const reason = `Led the ${device} raid`;
      await openDashboard(page);
      await page.getByRole('searchbox', { name: 'Search members' }).fill(member.name);
      await page.getByRole('button', { name: `Show details for ${member.name}` }).click();

      const points = page.getByRole('group', { name: `Add siege points to ${member.name}` });
      await points.getByLabel('Reason (optional)').fill(reason);
      await points.getByRole('button', { name: '+5', exact: true }).click();
      await expect(page.getByText(`Added 5 points to ${member.name}`)).toBeVisible();
      await expect(points.getByLabel('Reason (optional)')).toHaveValue('');
      await expect
        .poll(async () => (await adminMembers(page)).find((m) => m.wom_id === member.wom_id)?.siege_score)
        .toBe(member.siege_score + 5);

      const history = page.getByRole('list', { name: 'Points history' });
      const given = history
        .getByRole('listitem')
        .filter({ hasText: reason })
        .filter({ hasText: '+5 points' });
      await expect(given).toBeVisible();
      await expect(given).toContainText('By e2e-admin');
      expect(await fitsViewport(page), 'the details fit the screen').toBe(true);
      await page.screenshot({ path: `${SHOTS}/points-reason-${width}.png`, fullPage: true });

      await given.getByRole('button', { name: `Undo +5 points: ${reason}` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Undo +5 points for ${member.name}?` });
      await expect(dialog).toContainText(`“${reason}”, given by e2e-admin`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page);
      expect(await fitsViewport(page), 'the dialog fits the screen').toBe(true);
      await page.screenshot({ path: `${SHOTS}/points-undo-dialog-${width}.png` });
      await answerConfirm(page, `Undo +5 points for ${member.name}?`, 'Undo Points');

      await expect(history.getByRole('listitem').first()).toContainText(`-5 pointsUndone: ${reason}`);
      await expect(given).toContainText('Undone');
      await expect(given.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/points-undone-${width}.png`, fullPage: true });
      await expect
        .poll(async () => (await adminMembers(page)).find((m) => m.wom_id === member.wom_id)?.siege_score)
        .toBe(member.siege_score);
      const ledger = await apiJson<PointsHistory>(
        page.request,
        `/api/admin/members/${member.wom_id}/points?limit=5`,
      );
      expect(ledger.items.slice(0, 2).map((entry) => [entry.amount, entry.kind, entry.reason])).toEqual([
        [-5, 'undo', `Undone: ${reason}`],
        [5, 'award', reason],
      ]);
    });
  });
}
