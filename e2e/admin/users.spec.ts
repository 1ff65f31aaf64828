import { mkdirSync } from 'node:fs';
import { E2E_ADMIN, E2E_MEMBER, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
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
      const prompts: string[] = [];
      page.once('dialog', (dialog) => {
        prompts.push(dialog.message());
        void dialog.dismiss();
      });
      await member.getByRole('button', { name: 'Make Admin' }).click();
      expect(prompts).toEqual([
        `Make ${E2E_MEMBER.username} an admin? They will be able to run this dashboard, including changing other admins.`,
      ]);
      await expect(member.getByText('Member', { exact: true })).toBeVisible();
      await expect(member.getByRole('button', { name: 'Make Admin' })).toBeEnabled();

      page.once('dialog', (dialog) => void dialog.accept());
      await member.getByRole('button', { name: 'Make Admin' }).click();
      await expect(page.getByText(`${E2E_MEMBER.username} is now an admin.`)).toBeVisible();
      await expect(member.getByText('Admin', { exact: true })).toBeVisible();
      // Each user's name, role and buttons are on screen together: no sideways scrolling on a phone.
      expect(await fitsViewport(page), 'the users fit the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/users-${width}.png`, fullPage: true });

      // Removing another admin needs no question, and leaves the member as they were.
      await member.getByRole('button', { name: 'Remove Admin' }).click();
      await expect(page.getByText(`${E2E_MEMBER.username} is no longer an admin.`)).toBeVisible();
      await expect(member.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    });
  });
}
