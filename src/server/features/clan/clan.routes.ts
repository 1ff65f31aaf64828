import type { FastifyInstance } from 'fastify';
import { clanProfileSchema, type ClanProfile } from '#core/clan/clan.schema.ts';
import type { Config } from '../../config.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';

function clanProfileFrom(clan: Config['clan'], iconBaseUrl: string): ClanProfile {
  return {
    name: clan.name,
    founded: clan.founded,
    home_world: clan.homeWorld,
    discord_url: clan.discordUrl,
    requirements: clan.requirements,
    icon_base_url: iconBaseUrl.replace(/\/+$/, ''),
  };
}

export async function clanRoutes(
  app: FastifyInstance,
  { config, publicReads }: { config: Pick<Config, 'clan' | 'iconBaseUrl'>; publicReads: PublicReads },
): Promise<void> {
  // The profile comes from the configuration, so its bytes are built once at start.
  const profile = await prebuildJson(clanProfileSchema, clanProfileFrom(config.clan, config.iconBaseUrl));
  app.get(
    '/api/clan',
    { schema: { tags: ['public'], response: { 200: clanProfileSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, profile),
  );
  publicReads.add(
    '/api/clan',
    withoutQuery(() => profile),
  );
}
