import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn } from './admin-session.ts';

const CSV_HEADER = [
  'Name',
  'WOM ID',
  'WOM Name',
  'Title',
  'WOM Role',
  'Current Level',
  'Current XP',
  'Initial Level',
  'Initial XP',
  'EHB',
  'Siege Score',
  'Join Date',
  'Updated At',
];

function csvRows(path: string): string[][] {
  return Papa.parse<string[]>(readFileSync(path, 'utf8'), { skipEmptyLines: true }).data;
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the export downloads every member, hidden ones included, with the spec columns', async ({ page }) => {
  const members = await adminMembers(page);
  const hidden = members[3]!;
  const hide = await page.request.post(`/api/admin/members/${hidden.wom_id}/visibility`, {
    data: { hidden: true },
    headers: { origin: test.info().project.use.baseURL ?? '' },
  });
  expect(hide.ok()).toBe(true);

  await openDashboard(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Members to CSV' }).click();
  const file = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`siege-members-${today}.csv`);
  await expect(page.getByText(`Exported ${members.length} members to CSV.`)).toBeVisible();

  const [header, ...rows] = csvRows(await file.path());
  expect(header).toEqual(CSV_HEADER);
  expect(rows).toHaveLength(members.length);
  const hiddenRow = rows.find((row) => row[1] === hidden.wom_id);
  expect(hiddenRow?.[0]).toBe(hidden.name);
  expect(hiddenRow?.[10]).toBe(String(hidden.siege_score));
});

test('the yearly reset needs the exact phrase, downloads a backup, archives the season and zeroes every score', async ({
  page,
}) => {
  const before = await adminMembers(page);
  expect(before.some((member) => member.siege_score > 0)).toBe(true);

  await openDashboard(page);
  await page.getByRole('button', { name: 'Reset All Siege Scores' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset All Siege Scores' });
  const phrase = dialog.getByLabel('Type RESET ALL SCORES to confirm');
  const confirm = dialog.getByRole('button', { name: 'Reset Scores' });
  await expect(confirm).toBeDisabled();
  await phrase.fill('reset all scores');
  await expect(confirm).toBeDisabled();
  await phrase.fill('RESET ALL SCORES');
  await expect(confirm).toBeEnabled();

  const backup = page.waitForEvent('download');
  await confirm.click();
  const [, ...backupRows] = csvRows(await (await backup).path());
  expect(backupRows).toHaveLength(before.length);
  await expect(page.getByText('Reset all siege scores to 0. A backup CSV was downloaded.')).toBeVisible();

  const after = await adminMembers(page);
  expect(after.every((member) => member.siege_score === 0)).toBe(true);
  const seasons = (await (await page.request.get('/api/admin/seasons')).json()) as Array<{
    is_open: boolean;
    scores: Array<{ wom_id: string; siege_score: number }>;
  }>;
  const [open, closed] = seasons;
  expect(open?.is_open).toBe(true);
  expect(closed?.is_open).toBe(false);
  for (const member of before.filter((m) => m.siege_score > 0)) {
    expect(closed?.scores.find((score) => score.wom_id === member.wom_id)?.siege_score).toBe(
      member.siege_score,
    );
  }
  // The public leaderboard follows at once.
  const leaderboards = (await (await page.request.get('/api/leaderboards')).json()) as {
    siege_score: unknown[];
  };
  expect(leaderboards.siege_score).toEqual([]);
});
