import type { Page } from '@playwright/test';
import type { CharacterPage } from '#core/members/character.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { expectReadableAxes } from './chart-axes.ts';
import { E2E_ADMIN, apiJson, expect, expectAccessible, fitsViewport, siteOrigin, test } from './fixtures.ts';

const SHOTS = '/tmp/shots-E';

/** The roster's first member who is not an alt (alts are listed only with Show Alt Accounts). */
async function firstListedMember(page: Page): Promise<PublicMember> {
  const roster = await apiJson<PublicMember[]>(page.request, '/api/members');
  const member = roster.find((candidate) => !candidate.alt);
  expect(member, 'a listed member').toBeDefined();
  return member!;
}

for (const width of [1280, 390]) {
  test(`at ${width} px a name in the roster opens the member's page, with its chart and WOM link`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await firstListedMember(page);
    const data = await apiJson<CharacterPage>(page.request, `/api/members/${member.wom_id}`);
    expect(data.history.length, 'the sync stored a day of history').toBeGreaterThan(0);

    await page.goto('/members');
    await expect(page.getByRole('table', { name: 'Clan members' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/roster-${width}.png` });
    await page
      .getByRole('table', { name: 'Clan members' })
      .getByRole('link', { name: member.name, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.wom_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    const chart = page.getByRole('figure', { name: `${member.name}'s XP and EHB over time` });
    // A chart for XP and one for EHB, each with its own axis and one line.
    await expect(chart.getByRole('application')).toHaveCount(2);
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(chart.locator('.recharts-yAxis')).toHaveCount(2);
    await expectReadableAxes(chart);
    await chart.screenshot({ path: `${SHOTS}/character-chart-${width}.png` });
    const wom = page.getByRole('link', { name: /^Wise Old Man profile/ });
    await expect(wom).toHaveAttribute('href', data.wom_profile_url);
    await expect(wom).toHaveAttribute('href', /^https:\/\/wiseoldman\.net\/players\//);
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    const stats = page.getByRole('region', { name: 'Skills, Bosses and Activities' });
    await expect(stats.getByRole('table', { name: 'Skills' }).getByRole('row')).toHaveCount(
      data.stats!.skills.length + 1,
    );
    await stats.getByRole('tab', { name: 'Bosses' }).click();
    await expect(stats.getByRole('table', { name: 'Bosses' }).getByRole('row')).toHaveCount(
      data.stats!.bosses.length + 1,
    );
    expect(await fitsViewport(page)).toBe(true);
    await stats.screenshot({ path: `${SHOTS}/character-bosses-${width}.png` });
    await stats.getByRole('tab', { name: 'Skills' }).click();
    await expect(page.getByRole('table', { name: 'Siege score by season' })).toContainText(
      data.member.siege_score.toLocaleString('en-US'),
    );
    if (data.next_rank_text !== null) await expect(page.getByText(data.next_rank_text)).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/character-${width}.png`, fullPage: true });
    await expectAccessible(page);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  });
}

test('a member Wise Old Man never updated reads "-" for combat on the roster and says so on their page', async ({
  page,
}) => {
  const roster = await apiJson<PublicMember[]>(page.request, '/api/members');
  const untracked = roster.find((member) => member.wom_account_type === 'unknown' && !member.alt);
  expect(untracked, 'an untracked member in the demo clan').toBeDefined();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/members?search=${encodeURIComponent(untracked!.name)}`);
    const row = page
      .getByRole('table', { name: 'Clan members' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: untracked!.name, exact: true }) });
    await expect(row).toContainText('Not tracked by Wise Old Man yet');
    await expect(row).not.toContainText('Combat 3');
    if (width === 390) await expect(row).toContainText('Combat -');
    else await expect(row.getByRole('cell').nth(3)).toHaveText('-');
    await page.screenshot({ path: `${SHOTS}/roster-untracked-${width}.png` });

    await row.getByRole('link', { name: untracked!.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: untracked!.name })).toBeVisible();
    await expect(page.getByText('Not tracked by Wise Old Man yet')).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Skills, Bosses and Activities' })).toContainText(
      'Wise Old Man has not updated',
    );
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/character-untracked-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }
});

test('the leaderboard links its players to their pages', async ({ page }) => {
  const boards = await apiJson<{ siege_score: Array<{ wom_id: string; name: string }> }>(
    page.request,
    '/api/leaderboards',
  );
  const top = boards.siege_score[0];
  expect(top, 'a player with points').toBeDefined();
  await page.goto('/leaderboard');
  await page
    .getByRole('table', { name: 'Siege Score' })
    .getByRole('link', { name: top!.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/members/${top!.wom_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: top!.name })).toBeVisible();
});

test.describe('an unknown member', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test('has no page: the address shows not found', async ({ page }) => {
    await page.goto('/members/2147483647');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
  });
});

/**
 * Hidden only while it runs, on the public journeys' server: the roster is whole again afterwards.
 * (The admin journeys' server is left alone: its claims tab counts the codes made on it.)
 */
test.describe('a hidden member', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("has no page: the member's address shows not found, at 1280 and 390 px", async ({ page }) => {
    const origin = siteOrigin();
    const login = await page.request.post(`${origin}/api/auth/login`, {
      data: E2E_ADMIN,
      headers: { origin },
    });
    expect(login.ok()).toBe(true);
    const member = (await apiJson<PublicMember[]>(page.request, `${origin}/api/members`)).at(-1)!;
    const setHidden = async (hidden: boolean) => {
      const response = await page.request.post(`${origin}/api/admin/members/${member.wom_id}/visibility`, {
        data: { hidden },
        headers: { origin },
      });
      expect(response.ok(), `set hidden ${hidden}`).toBe(true);
    };
    await setHidden(true);
    try {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${origin}/members/${member.wom_id}`);
        await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
        await expect(page.getByText(member.name, { exact: true })).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/hidden-${width}.png` });
        await expectAccessible(page);
      }
      expect((await page.request.get(`${origin}/api/members/${member.wom_id}`)).status()).toBe(404);
    } finally {
      await setHidden(false);
    }
  });
});

/**
 * On the public journeys' server too: a claim changes nothing those journeys look at, and the admin
 * journeys' claims tab is left as those journeys expect it.
 */
test('a signed-in member sees their own character marked in the roster and on its page', async ({
  page,
  browser,
}) => {
  const origin = siteOrigin();
  const admin = await browser.newContext({ baseURL: origin });
  expect((await admin.request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin } })).ok()).toBe(
    true,
  );
  // The last unclaimed main by name: the claims journeys take theirs from the top of the list.
  const mine = (await apiJson<PublicMember[]>(admin.request, '/api/members'))
    .filter((member) => !member.is_claimed && !member.alt)
    .sort((a, b) => a.name.localeCompare(b.name))
    .at(-1)!;
  const created = await admin.request.post('/api/admin/claim-codes', {
    data: { wom_id: mine.wom_id },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  await admin.close();

  const owner = { username: 'CharacterOwner', password: 'owner-password' };
  const registered = await page.request.post(`${origin}/api/auth/register`, {
    data: { ...owner, confirm_password: owner.password },
    headers: { origin },
  });
  expect(registered.status()).toBe(201);
  const redeemed = await page.request.post(`${origin}/api/claims/redeem`, {
    data: { code },
    headers: { origin },
  });
  expect(redeemed.ok()).toBe(true);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}/members?search=${encodeURIComponent(mine.name)}`);
    const row = page
      .getByRole('table', { name: 'Clan members' })
      .getByRole('rowheader')
      .filter({ has: page.getByRole('link', { name: mine.name, exact: true }) });
    await expect(row).toContainText('You (your character)');
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/roster-yours-${width}.png` });
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: mine.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: mine.name })).toBeVisible();
  await expect(page.getByText('Your character')).toBeVisible();
});
