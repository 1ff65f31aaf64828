import { expect, expectAccessible, test } from './fixtures.ts';

interface Member {
  name: string;
  join_date: string | null;
}

test('the anniversary banner shows members on the day they joined, in a later year', async ({ page }) => {
  const members = (await (await page.request.get('/api/members')).json()) as Member[];
  const dated = members.filter((m): m is Member & { join_date: string } => m.join_date !== null);
  const celebrant = dated.find((m) => !m.join_date.endsWith('-02-29'))!;
  const [year, month, day] = celebrant.join_date.split('-');
  const sameDay = dated.filter((m) => m.join_date.slice(5) === `${month}-${day}`);

  await page.clock.setFixedTime(new Date(`${Number(year) + 2}-${month}-${day}T12:00:00.000Z`));
  await page.goto('/members');
  const banner = page.getByRole('complementary', { name: 'Clan anniversaries' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(celebrant.name);
  await expect(banner).toContainText('(2 years)');
  for (const other of sameDay) await expect(banner).toContainText(other.name);
  await expectAccessible(page);

  // The banner is on every page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(banner).toBeVisible();
});

test('no banner on a day nobody joined', async ({ page }) => {
  const members = (await (await page.request.get('/api/members')).json()) as Member[];
  const taken = new Set(members.map((m) => m.join_date?.slice(5)));
  const free = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)))
    .map((d) => d.toISOString().slice(0, 10))
    .find((date) => !taken.has(date.slice(5)))!;
  await page.clock.setFixedTime(new Date(`${free}T12:00:00.000Z`));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Clan anniversaries' })).toHaveCount(0);
});
