import type { Page } from '@playwright/test';
import type { PublicMember } from '#core/members/members.schema.ts';
import {
  expect,
  expectAccessible,
  fitsViewport,
  test,
  idlePrefetchDone,
  apiJson,
  failApi,
} from './fixtures.ts';

const DEMO_CLAN_SIZE = 150;

/** The roster as the server sends it: the whole demo clan, synced before the journeys start. */
async function loadRoster(page: Page): Promise<PublicMember[]> {
  const roster = await apiJson<PublicMember[]>(page.request, '/api/members');
  expect(roster).toHaveLength(DEMO_CLAN_SIZE);
  return roster;
}

/** Each listed member has one expand button, so counting them counts the rows. */
const rowToggles = (page: Page) => page.getByRole('button', { name: /^Show details for / });
const table = (page: Page) => page.getByRole('table', { name: 'Clan members' });
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });

/** Alts are hidden until Show Alt Accounts, so this many rows list by default. */
let listedByDefault = 0;

test.beforeEach(async ({ page }) => {
  listedByDefault = (await loadRoster(page)).filter((member) => !member.alt).length;
});

test('the roster lists the clan, admin titles first, and passes an accessibility check', async ({ page }) => {
  const roster = await loadRoster(page);
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(rowToggles(page)).toHaveCount(roster.filter((member) => !member.alt).length);
  await expect(table(page).getByRole('rowheader').first()).toContainText(roster[0]?.name ?? '');
  await expect(table(page).getByRole('img', { name: 'Owner title', exact: true })).toBeVisible();
  await expect(
    table(page)
      .getByRole('img', { name: /Ironman$/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a search narrows the roster and survives a reload', async ({ page }) => {
  const roster = await loadRoster(page);
  const target = roster.filter((member) => !member.alt)[40]?.name ?? '';
  await page.goto('/members');
  await expect(rowToggles(page)).toHaveCount(listedByDefault);

  await page.getByRole('searchbox', { name: 'Search members' }).fill(target.toLowerCase());
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(rowToggles(page)).not.toHaveCount(listedByDefault);
  await expect(page.getByRole('button', { name: `Show details for ${target}` })).toBeVisible();
  const narrowed = await rowToggles(page).count();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search members' })).toHaveValue(target.toLowerCase());
  await expect(rowToggles(page)).toHaveCount(narrowed);

  await page.getByRole('searchbox', { name: 'Search members' }).fill('no such member anywhere');
  await expect(page.getByText('No members found.')).toBeVisible();
});

const narrowingFilters = [
  { label: 'Ironman Only', param: 'ironman=1' },
  { label: 'Skillers Only', param: 'skillers=1' },
  { label: 'Fighters Only', param: 'fighters=1' },
  { label: 'Hide Admin Ranks', param: 'hideAdmins=1' },
];

for (const { label, param } of narrowingFilters) {
  test(`${label} narrows the roster and survives a reload`, async ({ page }) => {
    await page.goto('/members');
    await expect(rowToggles(page)).toHaveCount(listedByDefault);
    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('checkbox', { name: label }).check();

    await expect(page).toHaveURL(`/members?${param}`);
    await expect(rowToggles(page)).not.toHaveCount(listedByDefault);
    const narrowed = await rowToggles(page).count();
    expect(narrowed).toBeGreaterThan(0);
    await expect(filtersButton(page)).toContainText('1 active');

    await page.reload();
    await expect(rowToggles(page)).toHaveCount(narrowed);
    await expect(page.getByRole('button', { name: `Remove filter ${label}` })).toBeVisible();
    await filtersButton(page).click();
    await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
  });
}

test('alt accounts are hidden until Show Alt Accounts, which survives a reload', async ({ page }) => {
  // The demo clan flags a few of its members as alts, so the filter visibly does something.
  const alts = (await loadRoster(page)).filter((member) => member.alt);
  expect(alts.length).toBeGreaterThan(0);
  const toggleFor = (name: string) =>
    page.getByRole('button', { name: `Show details for ${name}`, exact: true });

  await page.goto('/members');
  await expect(rowToggles(page)).toHaveCount(listedByDefault);
  for (const alt of alts) await expect(toggleFor(alt.name)).toHaveCount(0);

  await filtersButton(page).click();
  await page.getByRole('checkbox', { name: 'Show Alt Accounts' }).check();
  await expect(page).toHaveURL('/members?alts=1');
  await expect(filtersButton(page)).toContainText('1 active');
  await expect(rowToggles(page)).toHaveCount(DEMO_CLAN_SIZE);
  for (const alt of alts) await expect(toggleFor(alt.name)).toHaveCount(1);

  await page.reload();
  await expect(rowToggles(page)).toHaveCount(DEMO_CLAN_SIZE);
  for (const alt of alts) await expect(toggleFor(alt.name)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove filter Show Alt Accounts' })).toBeVisible();
  await filtersButton(page).click();
  await expect(page.getByRole('checkbox', { name: 'Show Alt Accounts' })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Remove filter Show Alt Accounts' }).click();
  await expect(page).toHaveURL('/members');
  await expect(rowToggles(page)).toHaveCount(listedByDefault);
  for (const alt of alts) await expect(toggleFor(alt.name)).toHaveCount(0);
});

test('filters combine, tags remove one, Reset Filters clears them and Show Alt Accounts is kept', async ({
  page,
}) => {
  await page.goto('/members?ironman=1&fighters=1&alts=1');
  await expect(filtersButton(page)).toContainText('3 active');
  const combined = await rowToggles(page).count();

  await page.getByRole('button', { name: 'Remove filter Fighters Only' }).click();
  await expect(page).toHaveURL('/members?ironman=1&alts=1');
  await expect(filtersButton(page)).toContainText('2 active');
  await expect.poll(() => rowToggles(page).count()).toBeGreaterThan(combined);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove filter Show Alt Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(page).toHaveURL('/members');
  await expect(rowToggles(page)).toHaveCount(listedByDefault);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
});

test('a row expands on click and by keyboard to show the member details', async ({ page }) => {
  const roster = await loadRoster(page);
  const [first, second] = roster;
  await page.goto('/members');

  const firstToggle = page.getByRole('button', { name: `Show details for ${first?.name ?? ''}` });
  await table(page)
    .getByRole('rowheader', { name: first?.name ?? '' })
    .first()
    .click();
  await expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Clan XP', 'Siege Score', 'Joined', 'Next Rank', 'Starting Level', 'Starting XP']) {
    await expect(
      table(page)
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    ).toHaveCount(1);
  }
  await expect(
    table(page)
      .getByRole('term')
      .filter({ hasText: /^Next Rank$/ })
      .locator('xpath=following-sibling::dd'),
  ).toHaveText(first?.next_rank.label ?? '');

  const secondToggle = page.getByRole('button', { name: `Show details for ${second?.name ?? ''}` });
  await secondToggle.focus();
  await page.keyboard.press('Enter');
  await expect(secondToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(
    table(page)
      .getByRole('term')
      .filter({ hasText: /^Starting XP$/ }),
  ).toHaveCount(2);
  await page.keyboard.press('Space');
  await expect(secondToggle).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);
});

test('the column headers stay in view while the whole roster scrolls past', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/members');
  await expect(rowToggles(page)).toHaveCount(listedByDefault);
  const nameHeader = table(page).getByRole('columnheader', { name: 'Name' });

  await rowToggles(page).last().scrollIntoViewIfNeeded();
  await expect(rowToggles(page).first()).not.toBeInViewport();
  await expect(nameHeader).toBeInViewport();
  expect((await nameHeader.boundingBox())?.y).toBeLessThan(5);

  // The last member is reachable by keyboard and opens like any other.
  await rowToggles(page).last().focus();
  await page.keyboard.press('Enter');
  await expect(rowToggles(page).last()).toHaveAttribute('aria-expanded', 'true');
  await expect(nameHeader).toBeInViewport();
});

test.describe('when the roster cannot be loaded', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('the error state shows and Try Again recovers', async ({ page }) => {
    const outage = await failApi(page, '**/api/members');
    const prefetched = idlePrefetchDone(page);
    await page.goto('/members');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error Loading Data' })).toBeVisible();
    await expect(alert).toContainText('Something went wrong on our side');
    await expectAccessible(page);

    await prefetched;
    await expect(alert).toBeVisible();
    await outage.end();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(rowToggles(page)).toHaveCount(listedByDefault);
  });
});

test('on a phone the page fits the screen, with the filters open and a row expanded', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/members?search=a');
  await expect(rowToggles(page).first()).toBeVisible();
  await rowToggles(page).first().click();
  await filtersButton(page).click();
  await page.getByRole('checkbox', { name: 'Show Alt Accounts' }).check();
  expect(await fitsViewport(page)).toBe(true);
  await expectAccessible(page);
});
