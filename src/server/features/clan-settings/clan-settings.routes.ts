import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClanSchema,
  parseLadder,
  pointsInputSchema,
  profileInputSchema,
  ranksAnswerSchema,
  ranksInputSchema,
  womCodeInputSchema,
} from '#core/clan/admin-clan.schema.ts';
import { clanProfileSettingsSchema } from '#core/clan/clan-profile.schema.ts';
import { clanPointsSchema } from '#core/clan/rank-ladder.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { badRequest } from '../../http/http-error.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { adminClan, putLadder, putPoints, putProfile, putWomCode } from './clan-settings.service.ts';

/** The dashboard's Ranks and Clan tabs: the clan's own rules, read and saved (issue 30). */
export async function clanSettingsRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema };

  routes.get(
    '/clan',
    {
      schema: {
        tags: ['admin'],
        description: "The clan's ladder, points and profile.",
        response: { 200: adminClanSchema },
      },
    },
    async () => adminClan(deps.db),
  );

  routes.put(
    '/clan/ranks',
    {
      schema: {
        tags: ['admin'],
        description:
          'Previews (dry_run) or saves the rank ladder: the rank changes it makes due and the ranks nobody holds.',
        body: ranksInputSchema,
        response: { 200: ranksAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const parsed = parseLadder(request.body);
      if ('error' in parsed) throw badRequest(parsed.error);
      return putLadder(deps, parsed.ladder, request.body.dry_run, requestActor(request));
    },
  );

  routes.put(
    '/clan/points',
    { schema: { tags: ['admin'], body: pointsInputSchema, response: { 200: clanPointsSchema, ...errors } } },
    async (request) => putPoints(deps, request.body, requestActor(request)),
  );

  routes.put(
    '/clan/profile',
    {
      schema: {
        tags: ['admin'],
        body: profileInputSchema,
        response: { 200: clanProfileSettingsSchema, ...errors },
      },
    },
    async (request) => putProfile(deps, request.body, requestActor(request)),
  );

  routes.put(
    '/clan/wom-code',
    {
      schema: {
        tags: ['admin'],
        description:
          "Stores (or, with null, forgets) the WOM group's verification code; it is never sent back.",
        body: womCodeInputSchema,
        response: { 200: z.object({ wom_verification_code_set: z.boolean() }), ...errors },
      },
    },
    async (request) => ({
      wom_verification_code_set: await putWomCode(deps, request.body.code, requestActor(request)),
    }),
  );
}
