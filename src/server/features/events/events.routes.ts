import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { eventParamsSchema } from '#core/events/admin-events.schema.ts';
import { EVENTS_FEED_PATH, calendarDay, eventsInCalendarFeed } from '#core/events/event-calendar.ts';
import { eventSchema } from '#core/events/events.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevision, knownRevisionKey, lastBuiltByKey, readRevisionKey } from '../../db/revisions.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildBody, prebuildJson, sendPrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { CALENDAR_CONTENT_TYPE, eventCalendarText, type CalendarSettings } from './event-calendar-text.ts';
import { findCalendarEvent, listCalendarEvents } from './events.repository.ts';
import { listPublicEvents } from './events.service.ts';

const calendarResponse = (description: string) => ({
  description,
  content: { 'text/calendar': { schema: z.string() } },
});

export async function eventsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; publicReads: PublicReads; calendar: CalendarSettings },
): Promise<void> {
  const { db } = deps;
  const eventsSchema = z.array(eventSchema);
  const events = cacheByRevision(db, async () => prebuildJson(eventsSchema, await listPublicEvents(db)));
  app.get(
    '/api/events',
    { schema: { tags: ['public'], response: { 200: eventsSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await events()),
  );
  deps.publicReads.add('/api/events', withoutQuery(events.ready));

  // Built once per data revision and UTC day: the day decides which ended events are still recent.
  const feed = lastBuiltByKey<PrebuiltBody>();
  const feedKey = (revisions: string, day: string) => `${revisions} ${day}`;
  const buildFeed = async (day: string) =>
    prebuildBody(
      eventCalendarText(eventsInCalendarFeed(await listCalendarEvents(db), day), deps.calendar),
      CALENDAR_CONTENT_TYPE,
    );
  app.get(
    EVENTS_FEED_PATH,
    {
      schema: {
        tags: ['public'],
        description:
          "The clan's events as an iCalendar feed to subscribe to: upcoming ones and those ended in the last 30 days.",
        response: { 200: calendarResponse('An iCalendar (RFC 5545) document, times in UTC.') },
      },
    },
    async (request, reply) => {
      const day = calendarDay(deps.clock.now());
      const body = await feed(feedKey(await readRevisionKey(db), day), () => buildFeed(day));
      return sendPrebuilt(request, reply, body);
    },
  );
  deps.publicReads.add(
    EVENTS_FEED_PATH,
    withoutQuery(() => {
      const revisions = knownRevisionKey(db);
      return revisions === null ? undefined : feed.ready(feedKey(revisions, calendarDay(deps.clock.now())));
    }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events/:id.ics',
    {
      schema: {
        tags: ['public'],
        description:
          'One event as an iCalendar file to add to a calendar; 404 for an event without both dates.',
        params: eventParamsSchema,
        response: {
          200: calendarResponse('An iCalendar (RFC 5545) document holding the one event.'),
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const event = await findCalendarEvent(db, request.params.id);
      if (!event) throw notFound('Event not found');
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="event-${event.id}.ics"`)
        .send(eventCalendarText([event], deps.calendar));
    },
  );
}
