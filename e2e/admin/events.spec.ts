import type { Page } from '@playwright/test';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { answerConfirm, expect, test } from '../fixtures.ts';
import { openDashboard, signIn } from './admin-session.ts';

const EVENT = 'Journey Fishing Week';

/** A date-time input's value (UTC, to the minute) some days from now. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
}

async function publicEvent(page: Page, name: string) {
  const events = (await (await page.request.get('/api/events')).json()) as ClanEvent[];
  return events.find((event) => event.name === name);
}

test('an admin creates a weekly event, edits it and deletes it, and the public events page follows', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/events/new');
  await page.getByLabel('Event Name').fill(EVENT);
  await page.getByLabel('Type').selectOption('Weekly');
  // The metric comes from WOM's catalogue, found by a search (issue 21).
  await page.getByRole('searchbox', { name: 'Search metrics' }).fill('fish');
  await page.getByLabel('Metric', { exact: true }).selectOption('fishing');
  const start = daysFromNow(1);
  await page.getByLabel('Start (UTC)').fill(start);
  await expect(page.getByLabel('End (UTC)')).toHaveValue(
    new Date(Date.parse(`${start}Z`) + 7 * 86_400_000).toISOString().slice(0, 16),
  );
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page).toHaveURL('/admin?tab=events');
  await expect(page.getByText(`${EVENT} was successfully saved.`)).toBeVisible();

  const created = await publicEvent(page, EVENT);
  expect(Date.parse(created?.end_date ?? '') - Date.parse(created?.start_date ?? '')).toBe(7 * 86_400_000);
  await page.goto('/events');
  await expect(page.getByText(EVENT)).toBeVisible();

  await openDashboard(page, 'events');
  await page.getByRole('button', { name: 'Edit', description: EVENT }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await dialog.getByLabel('Event Name').fill(`${EVENT} II`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`${EVENT} II was successfully saved.`)).toBeVisible();
  expect(await publicEvent(page, `${EVENT} II`)).toBeDefined();

  await page.getByRole('button', { name: 'Delete', description: `${EVENT} II` }).click();
  await answerConfirm(page, `Are you sure you want to delete ${EVENT} II?`, 'Delete Event');
  await expect(page.getByText(`${EVENT} II was successfully deleted.`)).toBeVisible();
  expect(await publicEvent(page, `${EVENT} II`)).toBeUndefined();
});
