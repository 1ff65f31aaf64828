import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { PublicMember } from '#core/members/members.schema.ts';
import { E2E_ADMIN, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { openDashboard, signIn, siteOrigin } from './admin-session.ts';
import { pickMember, SHOTS, typeInCombobox, WIDTHS } from './member-combobox.ts';

/** The desktop journey's member, whom the later journeys sign in as. */
const RECRUIT = { username: 'NewRecruit', password: 'recruit-password' };
const PHONE_RECRUIT = { username: 'PhoneRecruit', password: 'recruit-password' };

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** A second browser, signed in as the admin, beside the member's page, on the same screen. */
async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: siteOrigin(), ...(viewport && { viewport }) });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN);
  return page;
}

/** Members nobody has claimed yet, by name, as the request form lists them. */
async function unclaimedMembers(page: Page): Promise<PublicMember[]> {
  const members = (await (await page.request.get('/api/members')).json()) as PublicMember[];
  return members.filter((member) => !member.is_claimed).sort((a, b) => a.name.localeCompare(b.name));
}

/** Makes a code on the Claims tab, finding the member in the combobox; the open list is scanned too. */
async function generateCode(admin: Page, member: PublicMember, shot?: string): Promise<string> {
  await openDashboard(admin, 'claims');
  const combobox = admin.getByRole('combobox', { name: 'Member' });
  const option = await typeInCombobox(admin, combobox, member.name);
  if (shot) {
    await expectAccessible(admin);
    await admin.screenshot({ path: `${SHOTS}/${shot}` });
  }
  await option.click();
  await expect(combobox).toHaveValue(member.name);
  await admin.getByRole('button', { name: 'Generate Code' }).click();
  const code = admin.getByRole('status', { name: 'New claim code' });
  await expect(code).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  return (await code.textContent()) ?? '';
}

async function redeem(page: Page, code: string) {
  await page.getByLabel('Claim Code').fill(code);
  await page.getByRole('button', { name: 'Claim', exact: true }).click();
}

for (const { width, height, name: device } of WIDTHS) {
  const recruit = width === 1280 ? RECRUIT : PHONE_RECRUIT;

  test.describe(`a member claims their characters on a ${device} (${width} px)`, () => {
    test.use({ expectedConsoleErrors: [/status of 400/], viewport: { width, height } });

    test('registers, signs out and in, claims one character by code, requests another, and sees both once approved', async ({
      page,
      browser,
    }) => {
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
      await page.getByLabel('Username').fill(`  ${recruit.username} `);
      await page.getByLabel('Password', { exact: true }).fill(recruit.password);
      await page.getByLabel('Confirm Password').fill(recruit.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL('/profile');
      await expect(page.getByText('No Characters Yet')).toBeVisible();

      await page.getByRole('tab', { name: 'Account' }).click();
      // The name reads as it was typed, capitals and all (only the spaces around it are trimmed).
      await expect(page.getByRole('tabpanel').getByText(recruit.username, { exact: true })).toBeVisible();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL('/');
      expect(await (await page.request.get('/api/auth/me')).json()).toEqual({ user: null });

      await page.goto('/login');
      await page.getByLabel('Username').fill(recruit.username);
      await page.getByLabel('Password').fill(recruit.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL('/profile');

      const [byCode, byRequest] = await unclaimedMembers(page);
      if (!byCode || !byRequest) throw new Error('the demo clan needs two unclaimed members');
      const admin = await adminPage(browser, { width, height });
      const code = await generateCode(admin, byCode, `claim-code-combobox-${width}.png`);
      expect(await fitsViewport(admin), 'the claims tab fits the screen').toBe(true);

      await redeem(page, code);
      await expect(page.getByRole('status').filter({ hasText: 'Successfully claimed' })).toHaveText(
        `Successfully claimed player: ${byCode.name}`,
      );
      await expect(page.getByRole('heading', { name: byCode.name })).toBeVisible();

      // The same code again: it worked once and never again.
      await redeem(page, code);
      await expect(page.getByRole('alert')).toHaveText('Invalid or already used claim code');

      // The request form offers only the unclaimed, found by typing the name.
      const player = page.getByRole('combobox', { name: 'Player' });
      // (Once the roster the profile holds has caught up with the claim.)
      await expect(async () => {
        await player.fill(byCode.name);
        await expect(page.getByText('No member matches that name')).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await typeInCombobox(page, player, byRequest.name);
      expect(await fitsViewport(page), 'the open list fits the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/claim-request-combobox-${width}.png` });
      await pickMember(page, player, byRequest.name);
      await page.getByLabel('Message').fill('My main, ask me in the clan chat');
      await page.getByRole('button', { name: 'Request Claim' }).click();
      await expect(
        page.getByText(`Your request for ${byRequest.name} has been sent to the admins.`),
      ).toBeVisible();
      await page.getByRole('tab', { name: 'Requests' }).click();
      await expect(page.getByRole('tabpanel').getByText(byRequest.name)).toBeVisible();
      await expect(page.getByRole('tabpanel').getByText('Pending', { exact: true })).toBeVisible();

      // The generator no longer offers the member just claimed by code.
      await openDashboard(admin, 'claims');
      await admin.getByRole('combobox', { name: 'Member' }).fill(byCode.name);
      await expect(admin.getByText('No member matches that name')).toBeVisible();

      const request = admin.getByRole('row').filter({ hasText: byRequest.name });
      await request.getByLabel('Admin Notes').fill('Checked in-game');
      await request.getByRole('button', { name: 'Approve' }).click();
      await expect(admin.getByText(new RegExp(`^Approved ${recruit.username}'s claim`))).toBeVisible();
      await admin.context().close();

      await page.reload();
      await expect(page.getByRole('heading', { name: byCode.name })).toBeVisible();
      await expect(page.getByRole('heading', { name: byRequest.name })).toBeVisible();
      await page.getByRole('tab', { name: 'Requests' }).click();
      await expect(page.getByRole('tabpanel').getByText('Approved', { exact: true })).toBeVisible();
      await expect(page.getByRole('tabpanel').getByText('Checked in-game')).toBeVisible();
    });
  });
}

test.describe('refusals show their messages', () => {
  test.use({ expectedConsoleErrors: [/status of 40[019]/] });

  test('a taken username, a wrong password and an expired code', async ({ page, browser }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill(E2E_ADMIN.username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('whatever-password');
    await page.getByLabel('Confirm Password').fill('whatever-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username already taken');

    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.goto('/login');
    await page.getByLabel('Username').fill(RECRUIT.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await page.getByLabel('Password').fill(RECRUIT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/profile');

    const [member] = await unclaimedMembers(page);
    if (!member) throw new Error('the demo clan needs an unclaimed member');
    const admin = await adminPage(browser);
    const expiresAt = new Date(Date.now() + 1500);
    const created = await admin.request.post('/api/admin/claim-codes', {
      data: { wom_id: member.wom_id, expires_at: expiresAt.toISOString() },
      headers: { origin: siteOrigin() },
    });
    expect(created.status()).toBe(201);
    const { code } = (await created.json()) as { code: string };
    await admin.context().close();
    await expect.poll(() => Date.now(), { timeout: 5000 }).toBeGreaterThan(expiresAt.getTime());

    await redeem(page, code);
    await expect(page.getByRole('alert')).toHaveText('This claim code has expired');
  });
});

test('an admin makes a one-time password link, and the member sets a new password with it', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  await openDashboard(admin, 'users');
  await admin
    .getByRole('row')
    .filter({ has: admin.getByText(RECRUIT.username, { exact: true }) })
    .getByRole('button', { name: 'Reset password' })
    .click();
  const link = (await admin.getByLabel('Password reset link', { exact: true }).textContent()) ?? '';
  expect(link).toMatch(/\/reset-password\?token=/);
  await admin.context().close();

  await page.goto(link);
  await page.getByLabel('New Password').fill('a-brand-new-password');
  await page.getByLabel('Confirm Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL('/profile');

  const oldPassword = await page.request.post('/api/auth/login', {
    data: { username: RECRUIT.username, password: RECRUIT.password },
    headers: { origin: siteOrigin() },
  });
  expect(oldPassword.status()).toBe(401);
});
