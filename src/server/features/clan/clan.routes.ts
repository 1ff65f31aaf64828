import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { clanProfileSchema, type ClanProfile } from '#core/clan/clan.schema.ts';
import type { Config } from '../../config.ts';
import { cacheByRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { readClanRules, type ClanRules } from '../clan-settings/clan-settings.ts';
import { welcomeHtml } from './welcome-markdown.ts';

function clanProfileFrom({ profile, ladder, points }: ClanRules, iconBaseUrl: string): ClanProfile {
  return {
    name: profile.name,
    founded: profile.founded,
    home_world: profile.home_world,
    discord_url: profile.discord_url,
    requirements: profile.requirements,
    icon_base_url: iconBaseUrl.replace(/\/+$/, ''),
    ranks: ladder,
    points,
    welcome_html: welcomeHtml(profile.welcome_markdown),
  };
}

export async function clanRoutes(
  app: FastifyInstance,
  {
    db,
    config,
    publicReads,
  }: { db: Kysely<Database>; config: Pick<Config, 'iconBaseUrl'>; publicReads: PublicReads },
): Promise<void> {
  // The clan's settings are data the dashboard edits: the bytes are built once per data revision.
  const profile = cacheByRevision(db, async () =>
    prebuildJson(clanProfileSchema, clanProfileFrom(await readClanRules(db), config.iconBaseUrl)),
  );
  app.get(
    '/api/clan',
    { schema: { tags: ['public'], response: { 200: clanProfileSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await profile()),
  );
  publicReads.add('/api/clan', withoutQuery(profile.ready));
}
