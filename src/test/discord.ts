import { expect } from 'vitest';
import type { DiscordKind } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import type { RouteFilters } from '#core/discord/route-filters.ts';
import type { Dialect } from '#server/db/client.ts';
import {
  startDiscordStandIn,
  type DiscordStandIn,
  type DiscordStandInOptions,
} from '#stand-ins/discord/index.ts';
import { createManualClock, createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { signInRoles, type SignedInRoles } from './roles.ts';

export interface DiscordTestApp extends TestApp {
  standIn: DiscordStandIn;
  roles: SignedInRoles;
  /** Adds a route on a new stand-in webhook through the admin API; returns it and its webhook. */
  addRoute(
    kinds: DiscordKind[],
    options?: { name?: string; filters?: Partial<RouteFilters>; enabled?: boolean },
  ): Promise<{ route: DiscordRoute; webhookId: string; url: string }>;
  /**
   * Runs deliveries until the outbox is empty, letting the stand-in's buckets (5 per 2 s) refill and
   * rank changes gather for their minute.
   */
  deliverAll(): Promise<void>;
  /** The embeds' text (titles and descriptions) of what a webhook received, oldest first. */
  texts(webhookId?: string): string[];
}

/**
 * A test app whose Discord routes may point at a stand-in (DISCORD_API_BASE_URL), with an admin
 * signed in. The stand-in's clock is the app's, so a test moves both.
 */
export async function createDiscordTestApp(
  dialect: Dialect,
  options: TestAppOptions & { standIn?: DiscordStandInOptions } = {},
): Promise<DiscordTestApp> {
  const clock = options.clock ?? createManualClock();
  const standIn = await startDiscordStandIn({ clock, ...options.standIn });
  const app = await createTestApp(dialect, {
    ...options,
    clock,
    env: { DISCORD_API_BASE_URL: standIn.url, PUBLIC_URL: 'https://clan.example', ...options.env },
  });
  const roles = await signInRoles(app);
  return {
    ...app,
    standIn,
    roles,
    async addRoute(kinds, routeOptions = {}) {
      const webhook = standIn.createWebhook();
      const response = await roles.as('admin', {
        method: 'POST',
        url: '/api/admin/discord/routes',
        payload: {
          name: routeOptions.name ?? `Route ${webhook.id.slice(-4)}`,
          url: webhook.url,
          kinds,
          enabled: routeOptions.enabled ?? true,
          ...(routeOptions.filters
            ? { filters: { achievements: 'any', competition_types: [], ...routeOptions.filters } }
            : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return { route: response.json<DiscordRoute>(), webhookId: webhook.id, url: webhook.url };
    },
    async deliverAll() {
      for (let run = 0; run < 10; run += 1) {
        await app.deliver();
        const pending = await app.database.db
          .selectFrom('discord_deliveries')
          .select('next_attempt_at')
          .where('status', '=', 'pending')
          .orderBy('next_attempt_at')
          .execute();
        const [next] = pending;
        if (!next) return;
        clock.advance(Math.max(2_500, Date.parse(next.next_attempt_at) - clock.now().getTime()));
      }
      throw new Error('deliveries were still pending after 10 runs');
    },
    texts(webhookId) {
      return standIn.received(webhookId).flatMap((message) => {
        const embeds = (message.body.embeds ?? []) as { title?: string; description?: string }[];
        return embeds.map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'));
      });
    },
    async close() {
      await app.close();
      await standIn.close();
    },
  };
}
