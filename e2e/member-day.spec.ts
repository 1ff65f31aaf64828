import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { CLAIM_MESSAGES, type ClaimRequest } from '#core/claims/claims.schema.ts';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { formatNumber } from '../src/web/lib/format.ts';
import {
  E2E_ADMIN,
  apiJson,
  expect,
  expectAccessible,
  fitsViewport,
  postJson,
  siteOrigin,
  test,
} from './fixtures.ts';

/**
 * Issue 21, items 10, 13 and 14: a member's day on a desktop and on a phone. On the public journeys'
 * server, which has the admin account too (claim codes and approvals are made through its API): the
 * admin journeys' claims tab counts the codes made on its own server, and nothing here changes what
 * the other public journeys look at (a claim changes no score, rank or roster row).
 */
const SHOTS = '/tmp/shots-I';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Signs a new member up through the API, which signs the context in as them. */
async function register(request: APIRequestContext, username: string): Promise<void> {
  await postJson(request, '/api/auth/register', {
    username,
    password: `${username}-password`,
    confirm_password: `${username}-password`,
  });
}

/** A browser context signed in as the admin, for making codes and reviewing requests. */
async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: siteOrigin() });
  await postJson(context.request, '/api/auth/login', E2E_ADMIN);
  return context;
}

/**
 * Unclaimed mains, by name, from the end of the list: the claims journeys take theirs from the top,
 * and the character page's journey the very last one, so these are taken from just before it.
 */
async function unclaimedMains(request: APIRequestContext, count: number): Promise<PublicMember[]> {
  const picked = (await apiJson<PublicMember[]>(request, '/api/members'))
    .filter((member) => !member.is_claimed && !member.alt)
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(-(count + 1), -1);
  expect(picked, `${count} unclaimed members`).toHaveLength(count);
  return picked;
}

async function claimCode(admin: APIRequestContext, member: PublicMember): Promise<string> {
  return (await postJson<{ code: string }>(admin, '/api/admin/claim-codes', { wom_id: member.wom_id })).code;
}

/** On a phone or tablet the navbar's links sit behind its menu button; on a desktop they are in the bar. */
async function navLink(page: Page, width: number, name: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (width < 1024) await nav.getByRole('button', { name: 'Open menu' }).click();
  const link = nav.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  return link;
}

/**
 * Every tab of the strip lies inside the viewport with its focus ring, and nothing scrolls sideways.
 * The ring is drawn inside the tab (ring-inset) or else needs every ancestor to let it overflow: a
 * scroll container clips it, which is what the strip did before.
 */
async function expectTabsFit(page: Page, strip: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const tablist = page.getByRole('tablist', { name: strip });
  const tabs = await tablist.getByRole('tab').all();
  expect(tabs.length).toBeGreaterThan(1);
  // Focusing a tab opens it, so the tab that was open is opened again at the end.
  const open = tablist.getByRole('tab', { selected: true });
  const openName = (await open.textContent()) ?? '';
  for (const tab of tabs) {
    const name = (await tab.textContent()) ?? '';
    await tab.focus();
    await expect(tab).toBeFocused();
    const box = (await tab.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
    const ringClipped = await tab.evaluate((element) => {
      const ringInside = getComputedStyle(element).boxShadow.includes('inset');
      if (ringInside) return false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return parent !== document.documentElement;
      }
      return false;
    });
    expect(ringClipped, `${name}'s focus ring is not clipped`).toBe(false);
  }
  expect(await fitsViewport(page), 'no sideways scrolling').toBe(true);
  await tablist.getByRole('tab', { name: openName, exact: true }).click();
  await expect(tablist.getByRole('tab', { name: openName, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

for (const width of [1280, 390]) {
  test.describe(`a member's day at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a signed-in member finds Progress in the navbar and it opens /progress', async ({ page }) => {
      await register(page.request, `progress-finder-${width}`);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const progress = await navLink(page, width, 'Progress');
      await page.screenshot({ path: `${SHOTS}/navbar-progress-${width}.png` });
      await expectAccessible(page);
      await progress.click();
      await expect(page).toHaveURL('/progress');
      await expect(page.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible();
      await expectTabsFit(page, 'Progress sections');
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/progress-${width}.png`, fullPage: true });
    });

    test("a claim by code and an approved request close another member's pending requests, with a note", async ({
      page,
      browser,
    }) => {
      const adminSession = await adminContext(browser);
      const admin = adminSession.request;
      const [byCode, byRequest] = await unclaimedMains(admin, 2);

      // The member who waits: asks for both characters, and both are pending.
      await register(page.request, `waiting-member-${width}`);
      for (const member of [byCode!, byRequest!]) {
        await postJson(page.request, '/api/claim-requests', { wom_id: member.wom_id, message: 'My main' });
      }
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Requests' }).click();
      const requests = page.getByRole('list', { name: 'Claim requests' });
      for (const member of [byCode!, byRequest!]) {
        await expect(requests.getByRole('article', { name: member.name, exact: true })).toContainText(
          'Pending',
        );
      }

      // Another member claims one by code (on the profile, as anyone would) and asks for the other,
      // which the admin approves.
      const claimer = await (await browser.newContext({ baseURL: siteOrigin() })).newPage();
      await register(claimer.request, `quick-claimer-${width}`);
      await claimer.goto('/profile');
      await claimer.getByLabel('Claim Code').fill(await claimCode(admin, byCode!));
      await claimer.getByRole('button', { name: 'Claim', exact: true }).click();
      await expect(claimer.getByRole('status').filter({ hasText: 'Successfully claimed' })).toHaveText(
        CLAIM_MESSAGES.claimed(byCode!.name),
      );
      const request = await postJson<ClaimRequest>(claimer.request, '/api/claim-requests', {
        wom_id: byRequest!.wom_id,
      });
      const review = await admin.patch(`/api/admin/claim-requests/${request.id}`, {
        data: { status: 'approved' },
        headers: { origin: siteOrigin() },
      });
      expect(review.ok(), `approve: ${review.status()}`).toBe(true);
      await claimer.context().close();
      await adminSession.close();

      await page.reload();
      await page.getByRole('tab', { name: 'Requests' }).click();
      for (const member of [byCode!, byRequest!]) {
        const card = requests.getByRole('article', { name: member.name, exact: true });
        await expect(card.getByText('Denied', { exact: true })).toBeVisible();
        await expect(card.getByText('Pending', { exact: true })).toHaveCount(0);
        await expect(card).toContainText(`Admin notes: ${CLAIM_MESSAGES.claimedByAnother}`);
      }
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/requests-closed-${width}.png`, fullPage: true });
      await expectTabsFit(page, 'Profile sections');
      await expect(requests).toBeVisible();
    });

    test('a decimal goal value is refused as not a whole number, and the profile tabs fit', async ({
      page,
      browser,
    }) => {
      const admin = await adminContext(browser);
      const [character] = await unclaimedMains(admin.request, 1);
      const code = await claimCode(admin.request, character!);
      await admin.close();
      await register(page.request, `goal-setter-${width}`);
      await postJson(page.request, '/api/claims/redeem', { code });

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: character!.name })).toBeVisible();
      await expectTabsFit(page, 'Profile sections');
      await page.getByRole('tab', { name: 'Goals' }).click();
      const form = page.getByRole('form', { name: 'Set a Goal' });
      await form.getByLabel('Character').selectOption({ label: character!.name });
      await form.getByLabel('Metric').selectOption({ label: 'Fishing' });
      await form.getByRole('radio', { name: 'Total' }).check();
      await form.getByLabel('Value').fill('99999999.5');
      await form.getByRole('button', { name: 'Create Goal' }).click();
      await expect(form.getByRole('alert')).toHaveText(GOAL_MESSAGES.wholeNumber);
      await expect(page.getByText(GOAL_MESSAGES.requiredFields)).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/goal-decimal-${width}.png`, fullPage: true });
      await expectTabsFit(page, 'Profile sections');
    });

    test('the forgot-password page says nothing was sent, not that a request was noted', async ({ page }) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Username').fill('zezima');
      await page.getByRole('button', { name: 'Submit Reset Request' }).click();
      const status = page.getByRole('status');
      await expect(status).toHaveText(
        'Nothing has been sent: passwords are reset by a clan admin. Please contact a clan admin in-game and ask for a reset link for zezima; it lets you choose a new password.',
      );
      await expect(status).not.toContainText(/noted/i);
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/forgot-password-${width}.png`, fullPage: true });
    });

    test("the Stats page's member count is the roster's", async ({ page }) => {
      const stats = await apiJson<WomGroupStats>(page.request, '/api/wom-group-stats');
      await page.goto('/members');
      // The roster renders its rows over a few frames, busy until the last is in.
      const roster = page.getByRole('table', { name: 'Clan members' });
      await expect(roster).toHaveAttribute('aria-busy', 'false');
      const listed = await roster.getByRole('button', { name: /^Show details for / }).count();
      await expectAccessible(page);

      await (await navLink(page, width, 'Stats')).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Clan Stats' })).toBeVisible();
      const members = page
        .getByRole('region', { name: 'Clan Info' })
        .locator('div', { has: page.getByText('Members', { exact: true }) })
        .locator('dd');
      await expect(members).toHaveText(formatNumber(listed));
      expect(stats.memberCount).toBe(listed);
      expect(await fitsViewport(page)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/stats-${width}.png`, fullPage: true });
    });
  });
}
