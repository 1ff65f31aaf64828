import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clanProfileSchema, type ClanProfile } from '#core/clan/clan.schema.ts';
import type { Config } from '../../config.ts';

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
  config: Pick<Config, 'clan' | 'iconBaseUrl'>,
): Promise<void> {
  const profile = clanProfileFrom(config.clan, config.iconBaseUrl);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/clan',
      { schema: { tags: ['public'], response: { 200: clanProfileSchema } } },
      async () => profile,
    );
}
