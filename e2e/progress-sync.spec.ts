import type { Browser, Page } from '@playwright/test';
import type { Goal, SyncGoalsResult } from '#core/goals/goals.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import {
  E2E_ADMIN,
  E2E_ADMIN_PORT,
  E2E_SIMULATOR_PORT,
  expect,
  expectAccessible,
  fitsViewport,
  test,
} from './fixtures.ts';
import { expectReadableAxes } from './chart-axes.ts';

/**
 * Issue 21, item 12: after Sync Progress the character card, the goals and `/api/pwom-player` show
 * the same values. On the admin journeys' server: it lets a journey claim a character and make the
 * simulated player gain XP, and its Sync Progress always asks WOM (its player cache is 0 seconds).
 */
const ORIGIN = `http://127.0.0.1:${E2E_ADMIN_PORT}`;
test.use({ baseURL: ORIGIN });

const SHOTS = '/tmp/shots-G';

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data, headers: { origin: ORIGIN } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function get<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs up a new member and gives them an unclaimed character WOM has measured, by the admin's code. */
async function memberWithCharacter(page: Page, browser: Browser, username: string): Promise<PublicMember> {
  await post(page, '/api/auth/register', {
    username,
    password: `${username}-password`,
    confirm_password: `${username}-password`,
  });
  let character: PublicMember | undefined;
  for (const member of (await get<PublicMember[]>(page, '/api/members')).filter((m) => !m.is_claimed)) {
    if ((await get<WomPlayerItem>(page, `/api/pwom-player?id=${member.wom_id}`)).latestSnapshot) {
      character = member;
      break;
    }
  }
  if (!character) throw new Error('the demo clan needs an unclaimed member WOM has measured');
  const admin = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  await post(admin, '/api/auth/login', E2E_ADMIN);
  const { code } = await post<{ code: string }>(admin, '/api/admin/claim-codes', {
    wom_id: character.wom_id,
  });
  await admin.context().close();
  await post(page, '/api/claims/redeem', { code });
  return character;
}

async function gainFishingXp(womId: string, xp: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__control/gain-experience`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ playerId: Number(womId), skill: 'fishing', xp }),
  });
  expect(response.ok).toBe(true);
}

const formatted = (value: number) => value.toLocaleString('en-US');

/** The card's figure for one stat, e.g. its XP. */
const cardStat = (page: Page, name: string, label: string) =>
  page
    .getByRole('article', { name, exact: true })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('+ dd');

/** Every tab of the strip lies inside the viewport, and nothing on the page scrolls sideways. */
async function expectTabsFit(page: Page, strip: string): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const tab of await page.getByRole('tablist', { name: strip }).getByRole('tab').all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, `${await tab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await tab.textContent()} ends on screen`).toBeLessThanOrEqual(width);
  }
  expect(await fitsViewport(page)).toBe(true);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a member presses Sync Progress and the card and the goals agree with /api/pwom-player', async ({
      page,
      browser,
    }) => {
      const character = await memberWithCharacter(page, browser, `progress-syncer-${width}`);
      const goal = await post<Goal>(page, '/api/user-goals', {
        wom_id: character.wom_id,
        metric: 'overall',
        mode: 'gain',
        value: 10_000_000,
      });

      await page.goto('/profile');
      const card = page.getByRole('article', { name: character.name, exact: true });
      await expect(cardStat(page, character.name, 'XP')).toHaveText(formatted(goal.start_value));
      await expectTabsFit(page, 'Profile sections');
      await page.screenshot({ path: `${SHOTS}/profile-before-sync-${width}.png`, fullPage: true });

      // The character plays on: WOM now knows more than the site stored.
      await gainFishingXp(character.wom_id, 50_000);
      const synced = page.waitForResponse((r) => r.url().endsWith('/api/user-goals/sync'));
      await card.getByRole('button', { name: 'Sync Progress' }).click();
      const result = (await (await synced).json()) as SyncGoalsResult;
      await expect(card.getByRole('status')).toHaveText('Progress synced.');
      const xp = result.goals.find((g) => g.id === goal.id)!.current_value;
      expect(xp).toBeGreaterThanOrEqual(goal.start_value + 50_000);

      // Without a reload: the card shows the XP the goal was measured from.
      await expect(cardStat(page, character.name, 'XP')).toHaveText(formatted(xp));
      await expect(card.getByText(`${formatted(xp)} / ${formatted(goal.target_value)}`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/profile-after-sync-${width}.png`, fullPage: true });

      // The player endpoint agrees with its own snapshot, and the card and goals agree with it once
      // the page reads again (the simulated player may have played on since the sync).
      const player = await get<WomPlayerItem>(page, `/api/pwom-player?id=${character.wom_id}`);
      const overall = player.latestSnapshot!.data.skills.overall!;
      expect(player.exp).toBe(overall.experience);
      expect(player.exp).toBeGreaterThanOrEqual(xp);
      await page.reload();
      await expect(cardStat(page, character.name, 'XP')).toHaveText(formatted(player.exp));
      await expect(cardStat(page, character.name, 'Total Level')).toHaveText(formatted(overall.level));
      await expect(cardStat(page, character.name, 'Combat Level')).toHaveText(formatted(player.combatLevel));
      await expect(cardStat(page, character.name, 'EHB')).toHaveText(formatted(player.ehb));
      await expect(
        card.getByText(`${formatted(player.exp)} / ${formatted(goal.target_value)}`),
      ).toBeVisible();

      await page.getByRole('tab', { name: 'Goals' }).click();
      const goals = page.getByRole('region', { name: character.name, exact: true });
      await expect(
        goals.getByText(`${formatted(player.exp)} / ${formatted(goal.target_value)}`),
      ).toBeVisible();
      await expectTabsFit(page, 'Profile sections');
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/profile-goals-${width}.png`, fullPage: true });

      await page.getByRole('tab', { name: 'Characters' }).click();
      await expect(card).toBeVisible();
      await expectAccessible(page);

      // Both values fall on one day: the goal's chart still labels days, round values and its target.
      await page.goto(`/goals/${goal.id}`);
      const chart = page.getByRole('figure', { name: 'Overall progress over time' });
      await expect(chart.locator('.recharts-line')).toHaveCount(1);
      await expectReadableAxes(chart);
      await expect(chart.getByRole('list', { name: 'Legend' })).toContainText(
        `Target: ${formatted(goal.target_value)}`,
      );
      expect(await fitsViewport(page)).toBe(true);
      await chart.screenshot({ path: `${SHOTS}/goal-chart-${width}.png` });
    });

    test("the member's progress page fits, every tab on screen", async ({ page }) => {
      const username = `progress-viewer-${width}`;
      await post(page, '/api/auth/register', {
        username,
        password: `${username}-password`,
        confirm_password: `${username}-password`,
      });
      await page.goto('/progress');
      await expect(page.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible();
      await expectTabsFit(page, 'Progress sections');
      for (const tab of ['My Races', 'Public Races', 'Member Goals']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectTabsFit(page, 'Progress sections');
      }
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/progress-${width}.png`, fullPage: true });
    });
  });
}
