import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import { memberParamsSchema } from '#core/members/admin-members.schema.ts';
import { characterPageSchema } from '#core/members/character.schema.ts';
import { anniversarySchema, publicMemberSchema } from '#core/members/members.schema.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevision, knownRevisionKey, lastBuiltByKey, readRevisionKey } from '../../db/revisions.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { characterPage } from './character.service.ts';
import { anniversariesToday, listPublicMembers } from './members.service.ts';

export async function membersRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; publicReads: PublicReads },
): Promise<void> {
  const rosterSchema = z.array(publicMemberSchema);
  const roster = cacheByRevision(deps.db, async () =>
    prebuildJson(rosterSchema, await listPublicMembers(deps.db)),
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

  const characterPages = characterPagesCache();
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

/**
 * Each member's page, built once per key (data revisions and day) and kept until the key moves: all
 * of them are stale then, so the whole set goes, and at most one page per visible member is ever
 * held. A miss (unknown or hidden id) is not kept, so asking for made-up ids cannot grow the set.
 */
function characterPagesCache() {
  let key = '';
  let pages = new Map<string, Promise<PrebuiltBody | null>>();
  return (current: string, womId: string, build: () => Promise<PrebuiltBody | null>) => {
    if (current !== key) {
      key = current;
      pages = new Map();
    }
    const held = pages.get(womId);
    if (held) return held;
    const entry = build();
    const forKey = pages;
    forKey.set(womId, entry);
    entry.then(
      (body) => {
        if (body === null) forKey.delete(womId);
      },
      () => forKey.delete(womId),
    );
    return entry;
  };
}
