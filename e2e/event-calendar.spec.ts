import { readFile } from 'node:fs/promises';
import { groupEventsByStatus } from '#core/events/event-status.ts';
import type { ClanEvent } from '#core/events/events.schema.ts';
import { formatLocalDateTime } from '../src/web/lib/format-date-time.ts';
import { apiJson, expect, expectAccessible, fitsViewport, test } from './fixtures.ts';

/** Issue 29, item 24: event times in the visitor's own zone, and the events in their calendar. */

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

test("a visitor in New York reads each event's time in their own zone, named, and adds an event to their calendar", async ({
  page,
  request,
}) => {
  const events = await apiJson<ClanEvent[]>(request, '/api/events');
  const now = new Date();
  const { completed } = groupEventsByStatus(events, now);
  const latest = completed[0];
  expect(latest, 'a completed event').toBeDefined();

  await page.goto(`/events?search=${encodeURIComponent(latest!.name)}`);
  const row = page.getByRole('table', { name: 'Completed Events' }).locator('tbody tr').first();
  // 'Sat 5 Dec, 12:00 GMT-5': the zone's own time, and its name.
  const ended = formatLocalDateTime(latest!.end_date!, now, ZONE);
  expect(ended).toMatch(/ GMT-[45]$/);
  await expect(row.locator('time')).toHaveText(ended);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: `Add to calendar: ${latest!.name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`event-${latest!.id}.ics`);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain(`UID:event-${latest!.id}.wom-group-`);
  expect(text).toMatch(/DTEND:\d{8}T\d{6}Z\r\n/);
});

test('the events page offers the calendar feed, which holds every upcoming event', async ({
  page,
  request,
}) => {
  await page.goto('/events');
  const subscribe = page.getByRole('link', { name: 'Subscribe to the events calendar' });
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/127\.0\.0\.1:\d+\/events\.ics$/);

  const feed = await request.get('/events.ics');
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  const { upcoming, active } = groupEventsByStatus(
    await apiJson<ClanEvent[]>(request, '/api/events'),
    new Date(),
  );
  for (const event of [...upcoming, ...active]) expect(text).toContain(`UID:event-${event.id}.wom-group-`);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fitsViewport(page)).toBe(true);
});
