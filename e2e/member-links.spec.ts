import type { Page } from '@playwright/test';
import type { ClanEvent } from '#core/events/events.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { Race } from '#core/races/races.schema.ts';
import type { WomAchievementItem, WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { apiJson, expect, expectAccessible, postJson, test } from './fixtures.ts';

/** Issue 29, item 23: every member name on the public pages leads to that member's page. */

/** Follows a name's link and lands on the member's page, titled with their name. */
async function followToMemberPage(page: Page, name: string, womId: string | number): Promise<void> {
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(`/members/${womId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toHaveCount(0);
}

test("a visitor follows a name from the achievements to that member's page", async ({ page, request }) => {
  const [latest] = await apiJson<WomAchievementItem[]>(request, '/api/wom-group-achievements');
  await page.goto('/achievements');
  const first = page.getByRole('list', { name: 'Recent achievements' }).getByRole('listitem').first();
  await expect(first.getByRole('link', { name: latest!.player.displayName })).toBeVisible();
  await followToMemberPage(page, latest!.player.displayName, latest!.player.id);
});

test("a visitor opens an event's standings, shows every player past the first ten, and follows one to their page", async ({
  page,
  request,
}) => {
  const [events, competitions, members] = await Promise.all([
    apiJson<ClanEvent[]>(request, '/api/events'),
    apiJson<WomCompetitionItem[]>(request, '/api/wom-competitions'),
    apiJson<PublicMember[]>(request, '/api/members'),
  ]);
  const onRoster = new Set(members.map((member) => member.wom_id));
  const long = competitions.find(
    (competition) =>
      competition.teams === null &&
      (competition.participants?.length ?? 0) > 10 &&
      events.some((event) => event.wom_id === String(competition.id)),
  );
  expect(long, 'a linked classic competition with more than ten players').toBeDefined();
  const event = events.find((candidate) => candidate.wom_id === String(long!.id))!;
  const players = [...long!.participants!].sort((a, b) => b.progress.gained - a.progress.gained);
  const last = players.findLast((player) => onRoster.has(String(player.playerId)))!;

  await page.goto(`/events?search=${encodeURIComponent(event.name)}`);
  await page
    .getByRole('button', { name: `Show standings of ${event.name}` })
    .first()
    .click();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table).toContainText(`and ${players.length - 10} more`);
  await expect(table.locator('tbody tr')).toHaveCount(10);

  await table.getByRole('button', { name: `Show all ${players.length} players` }).click();
  await expect(table.locator('tbody tr')).toHaveCount(players.length);
  await expect(table.getByRole('link', { name: last.displayName, exact: true })).toHaveAttribute(
    'href',
    `/members/${last.playerId}`,
  );
  await expectAccessible(page);
  await table.getByRole('link', { name: last.displayName, exact: true }).click();
  await expect(page).toHaveURL(`/members/${last.playerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("a member's public race names its players as links to their pages", async ({ page }) => {
  const username = 'race-linker';
  await postJson(page.request, '/api/auth/register', {
    username,
    password: `${username}-password`,
    confirm_password: `${username}-password`,
  });
  const [first, second] = (await apiJson<PublicMember[]>(page.request, '/api/members')).slice(0, 2);
  const race = await postJson<Race>(page.request, '/api/races', {
    title: 'Linked names',
    public: true,
    participants: [first!, second!].map((member) => ({
      wom_id: member.wom_id,
      metric: 'attack',
      target_value: 200_000_000,
    })),
  });

  await page.goto(`/races/${race.id}`);
  const standings = page.getByRole('table', { name: 'Standings' });
  await expect(standings.getByRole('link', { name: second!.name, exact: true })).toHaveAttribute(
    'href',
    `/members/${second!.wom_id}`,
  );
  await followToMemberPage(page, first!.name, first!.wom_id);
});
