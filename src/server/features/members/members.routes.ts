import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import { memberParamsSchema } from '#core/members/admin-members.schema.ts';
import { characterPageSchema } from '#core/members/character.schema.ts';
import { anniversarySchema, publicMemberSchema } from '#core/members/members.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevisionAndPeriod } from '../../db/cache-by-revision-and-period.ts';
import { knownRevisionKey, lastBuiltByKey, readRevisionKey } from '../../db/revisions.ts';
import { ladderContext } from '../clan-settings/clan-settings.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { characterPagesCache } from './character-cache.ts';
import { characterPage } from './character.service.ts';
import { anniversariesToday, listPublicMembers } from './members.service.ts';

/**
 * How many members' pages are held at once: a page is some 20 KB with its compressed forms, so a
 * crawler walking a 2,000-member roster within one revision cannot take 40 MB.
 */
const CACHED_CHARACTER_PAGES = 200;

const DAY_MS = 86_400_000;

export async function membersRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; publicReads: PublicReads },
): Promise<void> {
  const rosterSchema = z.array(publicMemberSchema);
  // Ranks can count days in the clan, so the roster is built again each UTC day as well.
  const roster = cacheByRevisionAndPeriod(deps.db, deps.clock, DAY_MS, async () =>
    prebuildJson(
      rosterSchema,
      await listPublicMembers(deps.db, await ladderContext(deps.db, deps.clock.now())),
    ),
  );

  // Bodies are prebuilt and checked against these schemas when built; the schemas document them.
  app.get(
    '/api/members',
    { schema: { tags: ['public'], response: { 200: rosterSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await roster()),
  );
  deps.publicReads.add('/api/members', withoutQuery(roster.ready));

  const anniversariesSchema = z.array(anniversarySchema);
  const anniversaries = lastBuiltByKey<PrebuiltBody>();
  // Today's list changes with the UTC date as well as with the members.
  const anniversariesKey = (revisions: string) =>
    `${revisions}|${deps.clock.now().toISOString().slice(0, 10)}`;
  app.get(
    '/api/anniversaries',
    { schema: { tags: ['public'], response: { 200: anniversariesSchema } } },
    async (request, reply) => {
      const now = deps.clock.now();
      const key = anniversariesKey(await readRevisionKey(deps.db));
      const body = await anniversaries(key, async () =>
        prebuildJson(
          anniversariesSchema,
          await anniversariesToday(deps.db, now, (womId, joinDate) =>
            request.log.warn({ womId, joinDate }, 'member has an unreadable join date'),
          ),
        ),
      );
      return sendPrebuilt(request, reply, body);
    },
  );
  deps.publicReads.add(
    '/api/anniversaries',
    withoutQuery(() => {
      const revisions = knownRevisionKey(deps.db);
      return revisions === null ? undefined : anniversaries.ready(anniversariesKey(revisions));
    }),
  );

  const characterPages = characterPagesCache<PrebuiltBody>(CACHED_CHARACTER_PAGES);
  // Its history covers the last year up to today, so the UTC date is part of the key too.
  const characterKey = async () =>
    `${await readRevisionKey(deps.db)}|${deps.clock.now().toISOString().slice(0, 10)}`;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/members/:womId',
    {
      schema: {
        tags: ['public'],
        params: memberParamsSchema,
        response: { 200: characterPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { womId } = request.params;
      const body = await characterPages(await characterKey(), womId, async () => {
        const page = await characterPage(deps.db, womId, deps.clock.now());
        return page === null ? null : prebuildJson(characterPageSchema, page);
      });
      if (body === null) throw notFound('No such member');
      return sendPrebuilt(request, reply, body);
    },
  );
}
