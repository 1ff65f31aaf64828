import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openDashboard, signIn, siteOrigin, womRecruit } from './admin-session.ts';

/** Markup that would set `window.__pwned` were it parsed as HTML rather than shown as text. */
const HTML_MEMBER = { name: '<img src=x onerror="window.__pwned=1"> Hostile' };
/** A spreadsheet would run this cell, were the export not to start it with a quote. */
const FORMULA_MEMBER = { name: '=HYPERLINK("http://evil.example","x")' };
/** A username holding markup: registration refuses it (decision 018), and says so as text. */
const HOSTILE_USER = { username: '<img src=x onerror=__pwned=1>', password: 'hostile-password' };

/** Nothing a name held ran: no flag set, no element that came from a name in the document. */
async function expectNoScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.locator('img[onerror], img[src="x"]').count()).toBe(0);
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('script')].some((script) => script.text.includes('__pwned')),
    ),
  ).toBe(false);
}

/** Adds the member with a WOM id the simulated WOM knows (Add Member asks WOM), and returns the id. */
async function addMember(page: Page, member: { name: string }): Promise<string> {
  const { womId } = await womRecruit(page);
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Member' });
  await dialog.getByLabel('Name', { exact: true }).fill(member.name);
  await dialog.getByLabel('WOM ID').fill(womId);
  // WOM's answer fills the names left empty: wait for it, as a person sees it, before typing one.
  await dialog.getByLabel('WOM ID').blur();
  await expect(dialog.getByText(/^Wise Old Man knows this player as/)).toBeVisible();
  await dialog.getByLabel('WOM Name').fill(member.name);
  await dialog.getByRole('button', { name: 'Save Member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${member.name} was successfully saved.`, { exact: true })).toBeVisible();
  return womId;
}

/** A browser of its own for the new user, so the admin's session stays on `page`. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: siteOrigin() });
  return context.newPage();
}

test('names holding markup or a formula show as literal text on every page, toast and export', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openDashboard(page);
  const htmlWomId = await addMember(page, HTML_MEMBER);
  const formulaWomId = await addMember(page, FORMULA_MEMBER);

  // The admin members tab: the row, its expanded details and the points toast name them as typed.
  for (const member of [HTML_MEMBER, FORMULA_MEMBER]) {
    await page.getByRole('searchbox', { name: 'Search members' }).fill(member.name);
    const toggle = page.getByRole('button', { name: `Show details for ${member.name}`, exact: true });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('rowheader', { name: member.name })).toContainText(member.name);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(page.getByText(member.name, { exact: true }).last()).toBeVisible();
    await page
      .getByRole('group', { name: `Add siege points to ${member.name}` })
      .getByRole('button', { name: '+5', exact: true })
      .click();
    await expect(page.getByText(`Added 5 points to ${member.name}`, { exact: true })).toBeVisible();
    await expectNoScriptRan(page);
  }

  // The public roster shows them as text too.
  await page.goto('/members?search=hostile');
  const roster = page.getByRole('table', { name: 'Clan members' });
  await expect(roster.getByRole('rowheader').filter({ hasText: HTML_MEMBER.name })).toBeVisible();
  await page.goto(`/members?search=${encodeURIComponent('hyperlink')}`);
  await expect(roster.getByRole('rowheader').filter({ hasText: FORMULA_MEMBER.name })).toBeVisible();
  await expectNoScriptRan(page);

  // A visitor trying to register with markup for a name is refused, and the refusal is text.
  const visitor = await visitorPage(browser);
  await visitor.goto('/register');
  await visitor.getByLabel('Username').fill(HOSTILE_USER.username.toUpperCase());
  await visitor.getByLabel('Password', { exact: true }).fill(HOSTILE_USER.password);
  await visitor.getByLabel('Confirm Password').fill(HOSTILE_USER.password);
  await visitor.getByRole('button', { name: 'Create Account' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Usernames may use letters, digits, spaces, _ and -.');
  await expect(visitor).toHaveURL('/register');
  await expectNoScriptRan(visitor);
  await visitor.context().close();

  // The export starts the formula cell with a quote and leaves the markup cell as it is.
  await openDashboard(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Members to CSV' }).click();
  const file = await download;
  const rows = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8'), { skipEmptyLines: true }).data;
  const cellsOf = (womId: string) => rows.find((row) => row[1] === womId);
  // Name and WOM Name are the first and third columns.
  expect([cellsOf(formulaWomId)?.[0], cellsOf(formulaWomId)?.[2]]).toEqual([
    `'${FORMULA_MEMBER.name}`,
    `'${FORMULA_MEMBER.name}`,
  ]);
  expect([cellsOf(htmlWomId)?.[0], cellsOf(htmlWomId)?.[2]]).toEqual([HTML_MEMBER.name, HTML_MEMBER.name]);
});
