import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Builds the OpenAPI document from the routes' zod schemas; served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, clanName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${clanName} clan site API`,
        description: 'JSON API of the clan site. Errors are always {"code", "message"}.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
