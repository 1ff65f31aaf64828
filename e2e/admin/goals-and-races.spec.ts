import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { PublicMember } from '#core/members/members.schema.ts';
import {
  E2E_ADMIN,
  E2E_MEMBER,
  E2E_SIMULATOR_PORT,
  expect,
  expectAccessible,
  fitsViewport,
  test,
} from '../fixtures.ts';
import { signIn, siteOrigin } from './admin-session.ts';
import { pickMember, SHOTS, typeInCombobox, WIDTHS } from './member-combobox.ts';

const RACER = { username: 'racer', password: 'racer-password' };

/** A fresh browser signed in as `account`, beside the journey's page. */
async function browserAs(browser: Browser, account: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: siteOrigin() })).newPage();
  await signIn(page, account);
  return page;
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { origin: siteOrigin() } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

async function fishingXp(page: Page, womId: string): Promise<number> {
  const player = (await (await page.request.get(`/api/pwom-player?id=${womId}`)).json()) as {
    latestSnapshot: { data: { skills: { fishing: { experience: number } } } } | null;
  };
  return player.latestSnapshot?.data.skills.fishing.experience ?? 0;
}

/** Signs up the racer and gives them an unclaimed member with some fishing XP, by a code from the admin. */
async function racerWithCharacter(page: Page, browser: Browser): Promise<PublicMember> {
  await post(page, '/api/auth/register', { ...RACER, confirm_password: RACER.password });
  const members = (await (await page.request.get('/api/members')).json()) as PublicMember[];
  let character: PublicMember | undefined;
  for (const member of members.filter((m) => !m.is_claimed)) {
    const xp = await fishingXp(page, member.wom_id);
    if (xp > 0 && xp < 100_000_000) {
      character = member;
      break;
    }
  }
  if (!character) throw new Error('the demo clan needs an unclaimed member who fishes');
  const admin = await browserAs(browser, E2E_ADMIN);
  const { code } = (await post(admin, '/api/admin/claim-codes', { wom_id: character.wom_id })) as {
    code: string;
  };
  await admin.context().close();
  await post(page, '/api/claims/redeem', { code });
  return character;
}

async function gainFishingXp(womId: string, xp: number) {
  const response = await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__control/gain-experience`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerId: Number(womId), skill: 'fishing', xp }),
  });
  expect(response.ok).toBe(true);
}

test('a member sets a gain goal and a total goal, gains XP, and Sync Progress completes one and moves the other', async ({
  page,
  browser,
}) => {
  const character = await racerWithCharacter(page, browser);
  const start = await fishingXp(page, character.wom_id);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Goals' }).click();
  await page.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill out all required fields');

  await page.getByLabel('Character', { exact: true }).selectOption(character.wom_id);
  await page.getByLabel('Metric', { exact: true }).selectOption('fishing');
  await expect(page.getByText(/^Current: [\d,]+$/)).toBeVisible();
  await page.getByLabel('Gain', { exact: true }).check();
  await page.getByLabel('Value', { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByText('Goal created.')).toBeVisible();

  await page.getByLabel('Total', { exact: true }).check();
  await page.getByLabel('Value', { exact: true }).fill(String(start));
  await page.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByRole('alert')).toHaveText('Target value must be greater than current value');
  await page.getByLabel('Value', { exact: true }).fill(String(start + 50_000));
  await page.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(2);
  for (const bar of await page.getByRole('progressbar').all())
    await expect(bar).toHaveAttribute('aria-valuenow', '0');

  await gainFishingXp(character.wom_id, 5_000);
  await page.getByRole('button', { name: 'Sync Progress' }).first().click();
  await expect(page.getByText('Progress synced.')).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toHaveCount(1);
  const percents = await Promise.all(
    (await page.getByRole('progressbar').all()).map(async (bar) =>
      Number(await bar.getAttribute('aria-valuenow')),
    ),
  );
  // 5,000 XP of the total goal's 50,000: about a tenth (the player also fishes a little on their own).
  expect(percents.sort((a, b) => a - b)).toEqual([expect.any(Number), 100]);
  expect(percents[0]).toBeGreaterThanOrEqual(10);
  expect(percents[0]).toBeLessThan(100);
  // The message goes after three seconds.
  await expect(page.getByText('Progress synced.')).toBeHidden({ timeout: 5_000 });
});

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`races on a ${device} (${width} px)`, () => {
    test.use({ expectedConsoleErrors: [/status of 403/], viewport: { width, height } });
    test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

    test('a member creates a public race with two players found by name; another member sees it but cannot edit it', async ({
      page,
      browser,
    }) => {
      const title = `Fishing sprint ${width}`;
      await signIn(page, RACER);
      const members = (await (await page.request.get('/api/members')).json()) as PublicMember[];
      // The first player fishes, so the form has a current value to show.
      let first: PublicMember | undefined;
      let current = 0;
      for (const member of members) {
        current = await fishingXp(page, member.wom_id);
        if (current > 0) {
          first = member;
          break;
        }
      }
      const second = members.find((member) => member !== first);
      if (!first || !second) throw new Error('the demo clan needs two members, one who fishes');

      await page.goto('/races/new');
      await page.getByRole('button', { name: 'Create Race' }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('First to the target wins');
      await page.getByLabel('Public').check();
      const players = page.getByRole('combobox', { name: 'Player' });
      await typeInCombobox(page, players.first(), first.name);
      expect(await fitsViewport(page), 'the open list fits the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/race-combobox-${width}.png` });
      await pickMember(page, players.first(), first.name);
      await page.getByRole('button', { name: 'Create Race' }).click();
      await expect(page.getByText('All participant details must be complete')).toBeVisible();
      await page.getByLabel('Metric', { exact: true }).selectOption('fishing');
      // The form shows where the player stands, and a total at or below it is refused.
      await expect(page.getByText(`Current: ${current.toLocaleString('en-US')}`)).toBeVisible();
      await page.getByLabel('Target Value').fill(String(current));
      await page.getByRole('button', { name: 'Create Race' }).click();
      await expect(page.getByText('Target value must be greater than current value')).toBeVisible();
      await page.getByLabel('Target Value').fill(`${current + 1}.5`);
      await page.getByRole('button', { name: 'Create Race' }).click();
      await expect(page.getByText('Value must be a whole number')).toBeVisible();
      // A gain on top of the current value: a fixed total could lie below a maxed player's XP.
      await page.getByLabel('Gain', { exact: true }).check();
      await page.getByLabel('Amount to Gain').fill('1000000');
      await page.getByRole('button', { name: 'Add Participant' }).click();
      await pickMember(page, players.nth(1), second.name);
      await page.getByLabel('Metric', { exact: true }).nth(1).selectOption('overall');
      await page.getByLabel('Target Value').fill('4000000000');
      expect(await fitsViewport(page), 'the filled form fits the screen').toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/race-form-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Create Race' }).click();

      await expect(page).toHaveURL(/\/races\/\d+$/);
      const raceId = new URL(page.url()).pathname.split('/').pop()!;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const standings = page.getByRole('table');
      await expect(standings.getByText(first.name, { exact: true })).toBeVisible();
      await expect(standings.getByText(second.name, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Edit Race' })).toBeVisible();

      const other = await browserAs(browser, E2E_MEMBER);
      await other.goto('/progress');
      await other.getByRole('tab', { name: 'Public Races' }).click();
      await other.getByRole('link', { name: title }).click();
      await expect(other).toHaveURL(`/races/${raceId}`);
      await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(other.getByRole('link', { name: 'Edit Race' })).toHaveCount(0);
      const edit = await other.request.put(`/api/races/${raceId}`, {
        data: {
          title: 'Mine now',
          participants: [{ wom_id: first.wom_id, metric: 'fishing', target_value: 1 }],
        },
        headers: { origin: siteOrigin() },
      });
      expect(edit.status()).toBe(403);
      await other.goto(`/races/${raceId}/edit`);
      await expect(other.getByText('Only the creator of a race can change it')).toBeVisible();
      await other.context().close();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  });
}
