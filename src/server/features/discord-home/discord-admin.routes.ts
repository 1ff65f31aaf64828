import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  discordAppInputSchema,
  discordAppSchema,
  rankRolesInputSchema,
  rankRolesSchema,
  reconcileInputSchema,
  reconcileSchema,
  registeredCommandsSchema,
} from '#core/discord/discord-home.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { z } from 'zod';
import { runAttempt } from '../../http/attempt-limiter.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { putDiscordApp, readDiscordApp, shownApp } from './discord-app-settings.ts';
import { putRankRoles, rankRolesView, reconcileRoles, registerCommands } from './discord-admin.service.ts';
import { takeDiscordReconcileAttempt } from './discord-attempts.ts';

/** The dashboard's Discord application and Discord roles sections (issue 32). */
export async function discordAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 409: errorResponseSchema };

  routes.get('/discord/app', { schema: { tags: ['admin'], response: { 200: discordAppSchema } } }, async () =>
    shownApp(await readDiscordApp(deps.db, deps.config.discord.app)),
  );

  routes.put(
    '/discord/app',
    {
      schema: {
        tags: ['admin'],
        description: 'Changes the Discord application; the bot token and client secret are write-only.',
        body: discordAppInputSchema,
        response: { 200: discordAppSchema, ...errors },
      },
    },
    async (request) => putDiscordApp(deps, request.body, requestActor(request)),
  );

  routes.get(
    '/discord/rank-roles',
    {
      schema: {
        tags: ['admin'],
        description:
          "The rank-to-role map, the server's roles read with the bot, and the role outbox's state.",
        response: { 200: rankRolesSchema },
      },
    },
    async () => rankRolesView(deps),
  );

  routes.put(
    '/discord/rank-roles',
    {
      schema: {
        tags: ['admin'],
        body: rankRolesInputSchema,
        response: { 200: z.object({ roles: z.record(z.string(), z.string()) }), ...errors },
      },
    },
    async (request) => putRankRoles(deps, request.body.roles, requestActor(request)),
  );

  routes.post(
    '/discord/rank-roles/reconcile',
    {
      schema: {
        tags: ['admin'],
        description:
          "Reads every linked member's roles and lists what differs from their rank's role; without dry_run, fixes it.",
        body: reconcileInputSchema,
        response: { 200: reconcileSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const attempt = await takeDiscordReconcileAttempt(deps, signedInUser(request).id);
      return runAttempt(attempt, () => reconcileRoles(deps, request.body.dry_run, requestActor(request)), {
        successCounts: true,
      });
    },
  );

  routes.post(
    '/discord/commands',
    {
      schema: {
        tags: ['admin'],
        description: "Registers the clan's slash commands on its Discord server.",
        response: { 200: registeredCommandsSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => registerCommands(deps, requestActor(request)),
  );
}
