import type { KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CALLBACK,
  DEFER_AFTER_MS,
  deferredAnswer,
  INTERACTION,
  interactionSchema,
} from '#core/discord/interactions.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import { readDiscordApp } from '../discord-home/discord-app-settings.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { answerCommand } from './clan-commands.ts';
import { answeredWithin, followUpTarget, sendFollowUp } from './follow-up.ts';
import { interactionKey, isSignedByDiscord } from './interaction-signature.ts';

/** Discord's interactions are small; anything bigger is not one. */
const INTERACTION_MAX_BYTES = 64 * 1024;

const refused = () => new HttpError(401, 'UNAUTHENTICATED', 'invalid request signature');

/**
 * Slash commands over HTTP (issue 32): Discord posts each interaction here, signed with the
 * application's key. A PING is answered with a PONG; a command with its answer. Without a key set
 * (DISCORD_PUBLIC_KEY), no request can be verified, so every one is refused.
 */
export async function interactionsRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    config: Config;
    /** How long an answer may take before it is deferred; `DEFER_AFTER_MS` unless a test says. */
    deferAfterMs?: number;
  },
): Promise<void> {
  // The key is the dashboard's setting: read at each request, its KeyObject made once per value.
  let known: { hex: string; key: KeyObject } | null = null;
  const keyOf = (hex: string | null): KeyObject | null => {
    if (hex === null) return null;
    if (known?.hex !== hex) known = { hex, key: interactionKey(hex) };
    return known.key;
  };
  await app.register(async (scope) => {
    // The signature covers the body's exact bytes: it is read as text, checked, then parsed.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: INTERACTION_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/discord/interactions',
      {
        bodyLimit: INTERACTION_MAX_BYTES,
        schema: {
          tags: ['discord'],
          description:
            "Discord's interactions endpoint: PING answered with PONG, the clan's slash commands with their answers; 401 unless signed with the application's key.",
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const key = keyOf((await readDiscordApp(deps.db, deps.config.discord.app)).public_key);
        const signed =
          key !== null &&
          isSignedByDiscord(
            key,
            { signature: header('x-signature-ed25519'), timestamp: header('x-signature-timestamp'), body },
            deps.clock.now().getTime(),
          );
        if (!signed) throw refused();
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          throw badRequest('Not an interaction: the JSON cannot be read');
        }
        const parsed = interactionSchema.safeParse(json);
        if (!parsed.success) throw badRequest('Not an interaction');
        if (parsed.data.type === INTERACTION.ping) return { type: CALLBACK.pong };
        if (parsed.data.type !== INTERACTION.command)
          throw badRequest('The site answers only PING and commands');
        const interaction = parsed.data;
        const answer = answerCommand(deps.db, interaction, {
          siteUrl: deps.config.discord.siteUrl,
          now: deps.clock.now(),
        });
        const inTime = await answeredWithin(answer, deps.deferAfterMs ?? DEFER_AFTER_MS);
        if (inTime !== null) return inTime;
        const followUp = followUpTarget(deps.config, interaction);
        if (followUp === null) return answer;
        // Discord has its reply ("thinking…") at once; the answer edits it when ready.
        void answer
          .then((late) => sendFollowUp(followUp, late.data))
          .catch((error: unknown) =>
            request.log.warn(`A slash command's follow-up was not sent: ${String(error)}`),
          );
        return deferredAnswer(interaction);
      },
    );
  });
}
