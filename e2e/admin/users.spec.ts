import { mkdirSync } from 'node:fs';
import {
  E2E_ADMIN,
  E2E_MEMBER,
  answerConfirm,
  expect,
  expectAccessible,
  fitsViewport,
  test,
} from '../fixtures.ts';
import { openDashboard, signIn } from './admin-session.ts';
import { SHOTS, WIDTHS } from './member-combobox.ts';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`the users tab on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test("asks before making a member an admin, and cannot remove the admin's own flag", async ({ page }) => {
      await signIn(page);
      await openDashboard(page, 'users');
      const row = (username: string) =>
        page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: username }) });

      const own = row(E2E_ADMIN.username).getByRole('button', { name: 'Remove Admin' });
      await expect(own).toBeDisabled();
      await expect(own).toHaveAccessibleDescription(
        `${E2E_ADMIN.username} You cannot change your own admin status.`,
      );
      await expect(
        row(E2E_ADMIN.username).getByText('You cannot change your own admin status.'),
      ).toBeVisible();

      const member = row(E2E_MEMBER.username);
      await member.getByRole('button', { name: 'Make Admin' }).click();
      const question = page.getByRole('alertdialog', { name: `Make ${E2E_MEMBER.username} an admin?` });
      await expect(question).toHaveAccessibleDescription(
        'They will be able to run this dashboard, including changing other admins.',
      );
      await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden();
      await expect(member.getByText('Member', { exact: true })).toBeVisible();
      await expect(member.getByRole('button', { name: 'Make Admin' })).toBeEnabled();

      await member.getByRole('button', { name: 'Make Admin' }).click();
      await answerConfirm(page, `Make ${E2E_MEMBER.username} an admin?`, 'Make Admin');
      await expect(page.getByText(`${E2E_MEMBER.username} is now an admin.`)).toBeVisible();
      await expect(member.getByText('Admin', { exact: true })).toBeVisible();
      // Each user's name, role and buttons are on screen together: no sideways scrolling on a phone.
      expect(await fitsViewport(page), 'the users fit the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/users-${width}.png`, fullPage: true });

      // Removing another admin is asked too, and leaves the member as they were.
      await member.getByRole('button', { name: 'Remove Admin' }).click();
      await answerConfirm(page, `Remove ${E2E_MEMBER.username}'s admin rights?`, 'Remove Admin');
      await expect(page.getByText(`${E2E_MEMBER.username} is no longer an admin.`)).toBeVisible();
      await expect(member.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    });
  });
}
