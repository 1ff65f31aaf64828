import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  E2E_DISCORD_PORT,
  answerConfirm,
  expect,
  expectAccessible,
  fitsViewport,
  test,
} from '../fixtures.ts';
import { openDashboard, signIn, siteOrigin } from './admin-session.ts';

const SHOTS = '/tmp/shots-discord-home';
const STAND_IN = `http://127.0.0.1:${E2E_DISCORD_PORT}`;

const WIDTHS = [
  { width: 1280, height: 800, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function checkFits(page: Page, shot: string): Promise<void> {
  expect(await fitsViewport(page), `${shot} fits the screen`).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

/** A Discord user name the stand-in has not seen: a–z, 0–9 and _ (its rules), unique to the run. */
const newDiscordName = (device: string) => `journey_${device}_${Math.random().toString(36).slice(2, 8)}`;

/** On the stand-in's consent page: a new test user of that name, a member of the clan's server. */
async function authorizeAs(page: Page, discordName: string, shot: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN}/oauth2/authorize`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('wants to access your Discord account');
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  await page.getByLabel('or a new test user named').fill(discordName);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`Discord as home on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('signs a new member in with Discord, straight onto their profile', async ({ page }) => {
      const discordName = newDiscordName(device);
      await page.goto('/login');
      const discordLink = page.getByRole('link', { name: 'Sign in with Discord' });
      await expect(discordLink).toBeVisible();
      await checkFits(page, `sign-in-${width}`);
      await discordLink.click();
      await authorizeAs(page, discordName, `consent-${width}`);

      await expect(page).toHaveURL(/\/profile$/);
      const me = (await (await page.request.get('/api/auth/me')).json()) as {
        user: { username: string } | null;
      };
      expect(me.user?.username).toBe(discordName);
      await page.getByRole('tab', { name: 'Account' }).click();
      const discord = page.getByRole('region', { name: 'Discord' });
      await expect(discord).toContainText(`Linked as ${discordName}`);
      await checkFits(page, `signed-in-profile-${width}`);

      // A cancelled consent comes back to the sign-in page with the reason.
      await page.request.post('/api/auth/logout', { headers: { origin: siteOrigin() } });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with Discord' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/login\?discord_error=denied$/);
      await expect(page.getByRole('alert')).toHaveText('Discord sign-in was cancelled.');
      await checkFits(page, `sign-in-cancelled-${width}`);
    });

    test('links Discord to a password account from the profile, opts in to mentions, and unlinks', async ({
      page,
    }) => {
      const account = {
        username: `Linker ${device} ${Math.random().toString(36).slice(2, 6)}`,
        password: 'linker-password',
      };
      const made = await page.request.post('/api/auth/register', {
        data: { ...account, confirm_password: account.password },
        headers: { origin: siteOrigin() },
      });
      expect(made.status(), await made.text()).toBe(201);
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Account' }).click();
      const discord = page.getByRole('region', { name: 'Discord' });
      await discord.getByRole('link', { name: 'Link Discord' }).click();
      const discordName = newDiscordName(device);
      await authorizeAs(page, discordName, `link-consent-${width}`);

      await expect(page.getByRole('status').filter({ hasText: 'Discord linked.' })).toBeVisible();
      await expect(discord).toContainText(`Linked as ${discordName}`);
      const mention = discord.getByRole('checkbox', { name: 'Mention me in news about me' });
      await mention.check();
      await expect
        .poll(
          async () =>
            (
              (await (await page.request.get('/api/me/discord')).json()) as {
                linked: { mention_opt_in: boolean };
              }
            ).linked.mention_opt_in,
        )
        .toBe(true);
      await checkFits(page, `linked-${width}`);

      await discord.getByRole('button', { name: 'Unlink Discord' }).click();
      await answerConfirm(page, 'Unlink Discord?', 'Unlink Discord');
      await expect(discord.getByRole('link', { name: 'Link Discord' })).toBeVisible();
      await checkFits(page, `unlinked-${width}`);
      // The password still signs in.
      await page.request.post('/api/auth/logout', { headers: { origin: siteOrigin() } });
      const login = await page.request.post('/api/auth/login', {
        data: account,
        headers: { origin: siteOrigin() },
      });
      expect(login.ok()).toBe(true);
    });

    test("maps ranks to the server's roles, checks every linked member, and registers the commands", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page);
      await openDashboard(page, 'discord');
      const app = page.getByRole('region', { name: 'Discord application' });
      await expect(app.getByLabel('Server ID')).not.toHaveValue('');
      await expect(app).toContainText('Set');
      const roles = page.getByRole('region', { name: 'Discord roles' });
      await roles.getByRole('combobox', { name: 'Discord role for Owner' }).selectOption({ label: 'Owner' });
      await roles
        .getByRole('combobox', { name: 'Discord role for Zenyte' })
        .selectOption({ label: 'Dragon' });
      await roles.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Discord roles saved.')).toBeVisible();
      await checkFits(page, `roles-${width}`);

      await roles.getByRole('button', { name: 'Check roles' }).click();
      await expect(
        roles
          .getByRole('status')
          .filter({ hasText: /need role changes|Every linked member has the right roles/ }),
      ).toBeVisible();
      await roles.getByRole('button', { name: 'Register slash commands' }).click();
      await expect(
        roles.getByText(/^Registered \/points, \/rank, \/leaderboard, \/events, \/bingo, \/whois/),
      ).toBeVisible();
      const commands = (await (
        await page.request.get(`${STAND_IN}/__control/commands/1310000000000000000`)
      ).json()) as Array<{ name: string }>;
      expect(commands.map((command) => command.name)).toContain('points');
      await checkFits(page, `roles-checked-${width}`);
    });
  });
}
