import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SCREENSHOT_THUMBNAIL_WIDTH } from '#core/dink/screenshots.ts';
import { serialIdSchema } from '#core/http/params.schema.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/http-error.ts';
import { readPublicThumbnail } from './dink-images.repository.ts';

/**
 * How a screenshot is sent: always the WebP the site encoded (decision 031), never sniffed as
 * anything else, and a document that runs nothing if opened on its own (GitHub's policy for raw
 * images: the browser's image viewer keeps its inline styles). An id's bytes never change, so caches
 * keep it an hour: the longest a picture outlives its member taking their moments off the site.
 */
export const SCREENSHOT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'image/webp',
  'cache-control': 'public, max-age=3600',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};

/** Sends a screenshot's bytes; `tag` names the picture, so its ETag needs no hashing of the bytes. */
export function sendScreenshot(reply: FastifyReply, tag: string, bytes: Buffer): FastifyReply {
  return reply.headers(SCREENSHOT_HEADERS).header('etag', `"${tag}"`).send(bytes);
}

const imageParamsSchema = z.object({ id: serialIdSchema });

export async function dinkImagesRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  // Bytes, not JSON: the plain instance, so no response schema applies.
  app.get<{ Params: { id: number } }>(
    '/api/dink/images/:id/thumbnail',
    {
      schema: {
        tags: ['dink'],
        description: `A public moment's screenshot as the feed, boards and character page list it: a WebP ${SCREENSHOT_THUMBNAIL_WIDTH} pixels wide at most.`,
        params: imageParamsSchema,
      },
    },
    async (request, reply) => {
      const thumbnail = await readPublicThumbnail(deps.db, request.params.id);
      if (!thumbnail) throw notFound('No such screenshot');
      return sendScreenshot(reply, `dink-thumbnail-${request.params.id}`, thumbnail);
    },
  );
}
