import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { parseICalendar, propertyOf, textValue, type ICalComponent } from '#test/icalendar.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';

const NOW = '2026-12-05T12:00:00.000Z';
const CLAN_NAME = 'Siege, the clan; est. 2022';
const GROUP_ID = 4321;

/** A name and a description with every character iCalendar's TEXT escapes. */
const BINGO = {
  name: 'Bingo, night; part 1\nand 2 \\ more',
  type: 'Bingo',
  description: 'Teams of 4; bring food\nand friends, please',
  // Written with an offset: the calendar says 17:00 UTC.
  start_date: '2026-12-12T18:00:00+01:00',
  end_date: '2026-12-12T20:00:00+01:00',
};
const ACTIVE = {
  name: 'SOTW: Fishing',
  metric: 'fishing',
  start_date: '2026-12-01T18:00:00Z',
  end_date: '2026-12-08T18:00:00Z',
};
const RECENT = { name: 'Clan hour', start_date: '2026-11-20T18:00:00Z', end_date: '2026-11-20T19:00:00Z' };
const OLD = { name: 'Autumn bingo', start_date: '2026-10-01T18:00:00Z', end_date: '2026-10-02T18:00:00Z' };

const UTC_TIME = /^\d{8}T\d{6}Z$/;

const vevents = (calendar: ICalComponent) => calendar.components.filter((c) => c.name === 'VEVENT');
const summaries = (calendar: ICalComponent) =>
  vevents(calendar).map((event) => textValue(propertyOf(event, 'SUMMARY').value));
const uidsBySummary = (calendar: ICalComponent) =>
  new Map(
    vevents(calendar).map((event) => [
      textValue(propertyOf(event, 'SUMMARY').value),
      propertyOf(event, 'UID').value,
    ]),
  );

for (const dialect of testDialects) {
  describe(`${dialect}: the events calendar`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    const ids: Record<string, number> = {};

    async function feed(headers: Record<string, string> = {}) {
      return t.app.inject({ method: 'GET', url: '/events.ics', headers });
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, {
        clock: createManualClock(NOW),
        env: { CLAN_NAME },
        wom: { url: 'http://127.0.0.1:9/v2', groupId: GROUP_ID },
      });
      roles = await signInRoles(t);
      for (const [key, event] of Object.entries({ BINGO, ACTIVE, RECENT, OLD })) {
        const response = await roles.as('admin', {
          method: 'POST',
          url: '/api/admin/events',
          payload: event,
        });
        expect(response.statusCode, response.body).toBe(201);
        ids[key] = response.json<{ id: number }>().id;
      }
      const at = t.clock.now().toISOString();
      const undated = await t.database.db
        .insertInto('events')
        .values({ name: 'Someday', start_date: null, end_date: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.UNDATED = undated.id;
    });
    afterAll(async () => t.close());

    it('serves the feed as text/calendar with an ETag, and a 304 to a subscriber who has it', async () => {
      const first = await feed();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      // The second answer is the prebuilt one, given before any route runs: the same bytes and tag.
      const again = await feed({ 'accept-encoding': 'identity' });
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
      expect((await feed({ 'if-none-match': etag })).statusCode).toBe(304);
    });

    it('holds upcoming, active and recently ended events in UTC, and no event ended over 30 days ago', async () => {
      const calendar = parseICalendar((await feed()).body);
      expect(calendar.name).toBe('VCALENDAR');
      expect(propertyOf(calendar, 'VERSION').value).toBe('2.0');
      expect(summaries(calendar)).toEqual([RECENT.name, ACTIVE.name, BINGO.name]);
      for (const event of vevents(calendar)) {
        expect(propertyOf(event, 'DTSTART').value).toMatch(UTC_TIME);
        expect(propertyOf(event, 'DTEND').value).toMatch(UTC_TIME);
        expect(propertyOf(event, 'DTSTAMP').value).toMatch(UTC_TIME);
      }
      const bingo = vevents(calendar).find((e) => textValue(propertyOf(e, 'SUMMARY').value) === BINGO.name)!;
      expect(propertyOf(bingo, 'DTSTART').value).toBe('20261212T170000Z');
      expect(propertyOf(bingo, 'DTEND').value).toBe('20261212T190000Z');
    });

    it('escapes commas, semicolons, newlines and backslashes, so every text reads back as written', async () => {
      const calendar = parseICalendar((await feed()).body);
      expect(textValue(propertyOf(calendar, 'X-WR-CALNAME').value)).toBe(`${CLAN_NAME} events`);
      const bingo = vevents(calendar).find((e) => textValue(propertyOf(e, 'SUMMARY').value) === BINGO.name);
      expect(bingo).toBeDefined();
      expect(textValue(propertyOf(bingo!, 'DESCRIPTION').value)).toBe(BINGO.description);
      const active = vevents(calendar).find(
        (e) => textValue(propertyOf(e, 'SUMMARY').value) === ACTIVE.name,
      )!;
      expect(textValue(propertyOf(active, 'DESCRIPTION').value)).toBe('Metric: Fishing');
    });

    it("keeps every event's UID when the feed is rebuilt, an event edited, or the site reached at another host", async () => {
      const before = uidsBySummary(parseICalendar((await feed()).body));
      expect(new Set(before.values()).size).toBe(3);
      for (const uid of before.values()) expect(uid).toMatch(new RegExp(`\\.wom-group-${GROUP_ID}@`));

      const renamed = `${ACTIVE.name} (extended)`;
      const edit = await roles.as('admin', {
        method: 'PUT',
        url: `/api/admin/events/${ids.ACTIVE}`,
        payload: { ...ACTIVE, name: renamed },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const after = uidsBySummary(parseICalendar((await feed({ host: 'clan.example.org' })).body));
      expect(after.get(renamed)).toBe(before.get(ACTIVE.name));
      expect(after.get(BINGO.name)).toBe(before.get(BINGO.name));
      expect(after.get(RECENT.name)).toBe(before.get(RECENT.name));

      const one = await t.app.inject({ method: 'GET', url: `/api/events/${ids.BINGO}.ics` });
      expect(uidsBySummary(parseICalendar(one.body)).get(BINGO.name)).toBe(before.get(BINGO.name));
    });

    it('offers each dated event as a download of its own, and 404 for an undated or unknown one', async () => {
      const one = await t.app.inject({ method: 'GET', url: `/api/events/${ids.OLD}.ics` });
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(one.headers['content-disposition']).toBe(`attachment; filename="event-${ids.OLD}.ics"`);
      expect(one.headers.etag).toMatch(/^".+"$/);
      expect(summaries(parseICalendar(one.body))).toEqual([OLD.name]);

      for (const id of [ids.UNDATED, 999_999]) {
        const missing = await t.app.inject({ method: 'GET', url: `/api/events/${id}.ics` });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Event not found' });
      }
      const bad = await t.app.inject({ method: 'GET', url: '/api/events/abc.ics' });
      expect(bad.statusCode).toBe(400);
    });

    it('describes the feed and the download in the OpenAPI document, as calendars', async () => {
      type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
        paths: Record<string, { get?: Operation }>;
      }>();
      for (const path of ['/events.ics', '/api/events/{id}.ics']) {
        expect(Object.keys(doc.paths[path]?.get?.responses['200']?.content ?? {}), path).toEqual([
          'text/calendar',
        ]);
      }
    });

    it('lets an event leave the feed 30 days after it ended, though no data changed', async () => {
      const before = await feed();
      expect(summaries(parseICalendar(before.body))).toContain(RECENT.name);
      t.clock.set('2026-12-21T00:00:00.000Z');
      const after = await feed({ 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(summaries(parseICalendar(after.body))).not.toContain(RECENT.name);
      t.clock.set(NOW);
    });
  });
}
