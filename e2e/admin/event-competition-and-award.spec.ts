import { mkdirSync } from 'node:fs';
import type { AdminEvent, EventStanding } from '#core/events/admin-events.schema.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { answerConfirm, apiJson, expect, expectAccessible, fitsViewport, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn } from './admin-session.ts';

/**
 * Issue 30: a new event whose competition the site creates on the demo's Wise Old Man (demo mode
 * stores the simulated group's verification code), and an event's points awarded in one go from its
 * standings, then undone as a whole.
 */
const SHOTS = '/tmp/shots-awards';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** A date-time input's value (UTC, to the minute) some days from now. */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("on a desktop (1280 px) a new event creates its competition on Wise Old Man and shows WOM's answer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `Journey Mining ${Date.now() % 100_000}`;
  await page.goto('/admin/events/new');
  await page.getByLabel('Event Name').fill(name);
  await page.getByLabel('Type').selectOption('Weekly');
  await page.getByRole('searchbox', { name: 'Search metrics' }).fill('mining');
  await page.getByLabel('Metric', { exact: true }).selectOption('mining');
  await page.getByLabel('Start (UTC)').fill(daysFromNow(2));
  await page
    .getByLabel("Create this competition on Wise Old Man, with the group's verification code")
    .check();
  await expect(page.getByLabel('WOM Competition ID (optional)')).toBeHidden();
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL('/admin?tab=events');
  await expect(
    page.getByText(new RegExp(`^${name} was successfully saved\\. Wise Old Man created competition \\d+`)),
  ).toBeVisible();

  const events = await apiJson<AdminEvent[]>(page.request, '/api/admin/events');
  const created = events.find((event) => event.name === name)!;
  expect(created.wom_id).not.toBeNull();
  expect(created.wom_title).toBe(name);
  await expect(
    page.getByRole('row', { name: new RegExp(name) }).getByText(`Competition ${created.wom_id}`),
  ).toBeVisible();
});

for (const { width, height, device } of [
  { width: 1280, height: 800, device: 'desktop' },
  { width: 390, height: 844, device: 'phone' },
]) {
  test(`on a ${device} (${width} px) an event's points are awarded in one go from its standings and undone as a whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const events = await apiJson<AdminEvent[]>(page.request, '/api/admin/events');
    let event: AdminEvent | undefined;
    let standings: EventStanding[] = [];
    for (const candidate of events.filter((entry) => entry.results_at !== null && entry.wom_id !== null)) {
      standings = await apiJson<EventStanding[]>(page.request, `/api/admin/events/${candidate.id}/standings`);
      if (standings.length > 0) {
        event = candidate;
        break;
      }
    }
    expect(event, 'a finished demo event with standings').toBeDefined();
    const scoreOf = async (womId: string) =>
      (await adminMembers(page)).find((member: AdminMember) => member.wom_id === womId)!.siege_score;
    const top = standings[0]!;
    const before = await scoreOf(top.wom_id);

    await openDashboard(page, 'events');
    await page.getByRole('button', { name: 'Award points', description: event!.name }).click();
    const dialog = page.getByRole('dialog', { name: `Award points for ${event!.name}` });
    await expect(dialog.getByLabel(`Points for ${top.name}`)).toHaveValue(String(top.points));
    const total = standings.reduce((sum, entry) => sum + entry.points, 0);
    await dialog.getByLabel('Reason').fill(`Journey award ${width}`);
    expect(await fitsViewport(page), 'the award dialog fits the screen').toBe(true);
    await page.screenshot({ path: `${SHOTS}/award-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: `Award ${total} points` }).click();
    await expect(
      page.getByText(
        `${total} points awarded to ${standings.length} member${standings.length === 1 ? '' : 's'} for ${event!.name}.`,
      ),
    ).toBeVisible();
    expect(await scoreOf(top.wom_id)).toBe(before + top.points);

    const awards = page.getByRole('region', { name: 'Awards made in one go' });
    await awards.getByRole('button', { name: `Undo Journey award ${width}` }).click();
    await answerConfirm(page, `Undo "Journey award ${width}"?`, 'Undo award');
    await expect(page.getByText(`"Journey award ${width}" is undone.`)).toBeVisible();
    expect(await scoreOf(top.wom_id)).toBe(before);
    expect(await fitsViewport(page), 'the events tab fits the screen').toBe(true);
  });
}
