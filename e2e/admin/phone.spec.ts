import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { answerConfirm, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, womRecruit } from './admin-session.ts';

/** The dashboard's tabs, in order (spec §2). */
const TABS = [
  'Members',
  'Alerts',
  'Inactivity',
  'Events',
  'Bingo',
  'Ranks',
  'Clan',
  'Seasons',
  'Users',
  'Claims',
  'Sync',
  'Discord',
  'Dink',
  'Audit',
];
const SHOTS = '/tmp/shots-A';

/**
 * The leader's day at a phone's width and a desktop's (issue 21): every tab, member action, notice
 * and event action is on screen without sideways scrolling, and the dashboard stays accessible.
 */
const WIDTHS = [
  { width: 390, height: 844, name: 'phone' },
  { width: 1280, height: 800, name: 'desktop' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Within the page's width, neither cut off at the side nor behind a sideways scroll. */
async function expectOnScreen(locator: Locator, width: number): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'a box on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** No element of the page, nor any scrolling box inside it, is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await fitsViewport(page), 'the page fits the screen').toBe(true);
  const scrollers = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (
          (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(scrollers, 'boxes that scroll sideways').toEqual([]);
}

/** What the screen shows, scrolled to `at` when given (a full page of 300 members is too tall to look at). */
async function shot(page: Page, name: string, width: number, at?: Locator): Promise<void> {
  await at?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
}

const member = async (page: Page, womId: string): Promise<AdminMember | undefined> =>
  (await adminMembers(page)).find((candidate) => candidate.wom_id === womId);

for (const { width, height, name: device } of WIDTHS) {
  test.describe(`on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('every dashboard tab is on screen, each is a history entry, and the dashboard is accessible', async ({
      page,
    }) => {
      await openDashboard(page);
      const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
      await expect(tabs).toHaveCount(TABS.length);
      for (const label of TABS) {
        await expectOnScreen(page.getByRole('tab', { name: new RegExp(`^${label}`) }), width);
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, 'dashboard', width);

      // Back returns to the tab before, as it would after following a link.
      await page.getByRole('tab', { name: /^Claims/ }).click();
      await expect(page).toHaveURL(/[?&]tab=claims/);
      await page.getByRole('tab', { name: 'Audit' }).click();
      await expect(page).toHaveURL(/[?&]tab=audit/);
      await expectOnScreen(page.getByRole('tab', { name: 'Audit' }), width);
      await page.goBack();
      await expect(page.getByRole('tab', { name: /^Claims/ })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    });

    test("every tab's content, its tables included, fits without sideways scrolling", async ({ page }) => {
      // A bound, not a timing: one accessibility scan per tab, eleven tabs, on a busy two-core machine.
      test.setTimeout(180_000);
      for (const label of TABS) {
        await openDashboard(page, label.toLowerCase());
        await expect(page.getByRole('tab', { name: new RegExp(`^${label}`) })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        // The tab's data has arrived once no loading message is left.
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        await shot(page, `tab-${label.toLowerCase()}`, width);
      }
    });

    test('a member saved on the new member page is announced in an opaque banner that goes by itself', async ({
      page,
    }) => {
      const saved = { name: `Phone Notice ${width}`, womId: (await womRecruit(page)).womId };
      await page.goto('/admin/members/new');
      await page.getByLabel('Name', { exact: true }).fill(saved.name);
      await page.getByLabel('WOM ID').fill(saved.womId);
      await page.getByLabel('WOM ID').blur();
      await expect(page.getByText(/^Wise Old Man knows this player as/)).toBeVisible();
      await page.getByRole('button', { name: 'Save Member' }).click();
      await expect(page).toHaveURL('/admin');
      const banner = page.getByRole('status').filter({ hasText: `${saved.name} was successfully saved.` });
      await expect(banner).toBeVisible();
      await expectOnScreen(banner, width);
      await shot(page, 'notice', width);

      // Opaque, and in the page's flow: it pushes the controls down instead of lying over them.
      const look = await banner.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, position: style.position };
      });
      // No alpha: not `transparent`, nor `rgba(…)` or `oklch(… / 0.8)`.
      expect(look.background).not.toMatch(/transparent|rgba|\//);
      expect(look.position).toBe('static');
      const covered = await banner.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [...document.querySelectorAll('main button, main a, main input, main [role="tab"]')]
          .filter((control) => !element.contains(control))
          .filter((control) => {
            const other = control.getBoundingClientRect();
            return (
              other.width > 0 &&
              other.left < box.right &&
              box.left < other.right &&
              other.top < box.bottom &&
              box.top < other.bottom
            );
          })
          .map((control) => control.textContent);
      });
      expect(covered, 'controls under the banner').toEqual([]);
      // The pointer away from it, a success banner leaves by itself after a few seconds.
      await page.mouse.move(0, 0);
      await expect(banner).toBeHidden({ timeout: 15_000 });
      expect(await member(page, saved.womId)).toMatchObject({ name: saved.name });
    });

    test("a member's row shows name, role, score and '+2 Points', a double-click gives 2 once, and the details fit", async ({
      page,
    }) => {
      const target = { name: `Phone Points ${width}`, womId: (await womRecruit(page)).womId };
      await openDashboard(page);
      await page.getByRole('button', { name: 'Add Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Member' });
      await dialog.getByLabel('Name', { exact: true }).fill(target.name);
      await dialog.getByLabel('WOM ID').fill(target.womId);
      await expectOnScreen(dialog.getByRole('button', { name: 'Save Member' }), width);
      await shot(page, 'member-form', width);
      await dialog.getByRole('button', { name: 'Save Member' }).click();
      await expect(dialog).toBeHidden();

      const search = page.getByRole('searchbox', { name: 'Search members' });
      await search.fill(target.name);
      // One clear button: ours, not also the browser's cross inside a search input.
      await expect(search).not.toHaveAttribute('type', 'search');
      await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(1);

      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${target.name}`) }) });
      await expect(row.getByRole('rowheader')).toContainText('Opal');
      await expect(row.getByRole('cell').nth(1)).toHaveText('0');
      const plusTwo = page.getByRole('button', { name: `+2 Points for ${target.name}` });
      await expectOnScreen(plusTwo, width);
      await expectNoSidewaysScroll(page);
      await shot(page, 'members', width, plusTwo);

      await plusTwo.dblclick();
      await expect(page.getByText(`Added 2 points to ${target.name}`)).toBeVisible();
      await expect(plusTwo).toBeEnabled();
      expect((await member(page, target.womId))?.siege_score).toBe(2);

      // The details: one column on a phone, every action on screen.
      await page.getByRole('button', { name: `Show details for ${target.name}` }).click();
      const details = page.getByRole('group', { name: `Add siege points to ${target.name}` });
      for (const action of ['+5', '+10', '+15']) {
        await expectOnScreen(details.getByRole('button', { name: action, exact: true }), width);
      }
      for (const action of ['Edit', 'Hide', 'Delete']) {
        await expectOnScreen(page.getByRole('button', { name: action, exact: true }), width);
      }
      const columns = await page
        .locator('dl')
        .filter({ hasText: 'Calculated Rank' })
        .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(width < 640 ? 1 : 3);
      await expectNoSidewaysScroll(page);
      await shot(page, 'member-details', width, details);

      await page.getByRole('button', { name: '+5', exact: true }).click();
      await expect(page.getByText(`Added 5 points to ${target.name}`)).toBeVisible();
      await expect.poll(async () => (await member(page, target.womId))?.siege_score).toBe(7);

      // Deleted, then restored from the deleted members' page, whose Restore is on screen too.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await answerConfirm(page, `Are you sure you want to delete ${target.name}?`, 'Delete Member');
      await expect(page.getByText(`${target.name} was successfully deleted.`)).toBeVisible();
      await page.getByRole('link', { name: 'Deleted Members' }).click();
      const restore = page
        .getByRole('row', { name: new RegExp(target.name) })
        .getByRole('button', { name: 'Restore' });
      await expectOnScreen(restore, width);
      await expectNoSidewaysScroll(page);
      await shot(page, 'deleted-members', width, restore);
      await restore.click();
      await expect(page.getByText(`${target.name} was successfully restored.`)).toBeVisible();
    });

    test('rank updates are selected and applied after one confirmation', async ({ page }) => {
      const proposed = (await adminMembers(page)).filter(
        (candidate) => candidate.rank_proposal !== null && !candidate.hidden,
      );
      expect(proposed.length, 'members with a rank update to apply').toBeGreaterThan(0);
      const chosen = proposed.slice(0, 2);

      await openDashboard(page, 'alerts');
      await expect(page.getByRole('heading', { name: 'Action Items Dashboard' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, 'alerts', width);
      for (const candidate of chosen) {
        const box = page.getByRole('checkbox', { name: `Select ${candidate.name}`, exact: true });
        await expectOnScreen(box, width);
        await box.check();
      }
      const apply = page.getByRole('button', { name: `Apply Selected (${chosen.length})` });
      await expectOnScreen(apply, width);
      await apply.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('list', { name: 'Rank changes' }).getByRole('listitem')).toHaveCount(
        chosen.length,
      );
      await shot(page, 'rank-confirmation', width);
      await dialog.getByRole('button', { name: /^Apply \d+ Rank Changes?$/ }).click();
      await expect(dialog.getByText(`Updated ${chosen.length} of`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).click();

      for (const candidate of chosen) {
        const updated = await member(page, candidate.wom_id);
        expect(updated).toMatchObject({ womrole: candidate.rank_proposal!.rank });
        await expect(
          page.getByRole('checkbox', { name: `Select ${candidate.name}`, exact: true }),
        ).toHaveCount(0);
      }
    });

    test('an admin creates an event and sees its Edit and Delete on screen', async ({ page }) => {
      const event = `Phone Event ${width}`;
      await page.goto('/admin/events/new');
      await page.getByLabel('Event Name').fill(event);
      await page.getByLabel('Type').selectOption('Weekly');
      await page.getByRole('searchbox', { name: 'Search metrics' }).fill('fish');
      await page.getByLabel('Metric', { exact: true }).selectOption('fishing');
      await page.getByLabel('Start (UTC)').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 16));
      await page.getByRole('button', { name: 'Create Event' }).click();
      await expect(page).toHaveURL('/admin?tab=events');
      await expect(page.getByText(`${event} was successfully saved.`)).toBeVisible();

      const edit = page.getByRole('button', { name: 'Edit', description: event });
      const remove = page.getByRole('button', { name: 'Delete', description: event });
      await expectOnScreen(edit, width);
      await expectOnScreen(remove, width);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, 'events', width, edit);

      await remove.click();
      await answerConfirm(page, `Are you sure you want to delete ${event}?`, 'Delete Event');
      await expect(page.getByText(`${event} was successfully deleted.`)).toBeVisible();
    });
  });
}
