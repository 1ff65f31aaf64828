import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { News } from '#core/discord/news.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { announce } from './discord-outbox.ts';

const ROUTES = 3;
const MESSAGES = 150;
/** Simulated time between runs of the delivery job: its interval, give or take. */
const STEP_MS = 3_000;

function joined(n: number): News {
  return { kind: 'member_joined', members: [{ wom_id: String(n), name: `Member${n}` }] };
}

/** The member numbers a webhook received, in arrival order. */
function arrivals(t: DiscordTestApp, webhookId: string): number[] {
  return t.texts(webhookId).map((text) => Number(/\[Member(\d+)\]/.exec(text)![1]));
}

for (const dialect of testDialects) {
  describe(`${dialect}: Discord delivery against a stand-in that fails part of the time`, () => {
    let t: DiscordTestApp;
    beforeEach(async () => {
      t = await createDiscordTestApp(dialect, { standIn: { seed: 7 } });
    });
    afterEach(async () => t.close());

    it('delivers every message once, in order per webhook, through 5xx, 429s and rate limits', async () => {
      const webhooks = [];
      for (let r = 0; r < ROUTES; r += 1) webhooks.push((await t.addRoute(['member_joined'])).webhookId);
      // Written in batches between runs, as syncs and admins would.
      const written: number[] = [];
      t.standIn.setRandomFailures(0.25, 503);
      let runs = 0;
      while (runs < 400) {
        if (written.length < MESSAGES) {
          await t.database.db.transaction().execute(async (trx) => {
            for (let i = 0; i < 10; i += 1) {
              written.push(written.length + 1);
              await announce(trx, joined(written.length), t.clock.now());
            }
          });
          if (written.length === 60) t.standIn.rateLimitNext(2, 4);
          if (written.length === 90) t.standIn.setRandomFailures(0.25, 429);
        }
        const run = await t.deliver();
        expect(run.outcome).toBe('succeeded');
        runs += 1;
        t.clock.advance(STEP_MS);
        const pending = await t.database.db
          .selectFrom('discord_deliveries')
          .select('id')
          .where('status', '!=', 'delivered')
          .execute();
        if (written.length === MESSAGES && pending.length === 0) break;
      }
      const failures = t.standIn.requests.filter((request) => request.status !== 200).length;
      expect(failures).toBeGreaterThan(20);
      for (const webhookId of webhooks) expect(arrivals(t, webhookId)).toEqual(written);
    }, 240_000);
  });
}
