import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { DEMO_GUILD, STAND_IN_APP, startDiscordStandIn, type DiscordStandIn } from './index.ts';

/** topics/rate-limits: "All bots can make up to 50 requests per second to our API." */
const GLOBAL_PER_SECOND = 50;

interface RateLimited {
  message: string;
  retry_after: number;
  global: boolean;
}

const { roles, users } = DEMO_GUILD;

describe("the stand-in's rate limits on the bot's routes", () => {
  let standIn: DiscordStandIn;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock('2026-11-21T12:00:00.000Z');
    // Buckets of 30 a second, so 50 requests in one second can reach the global limit over two routes.
    standIn = await startDiscordStandIn({ clock, rateLimit: { limit: 30, windowMs: 1_000 } });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.resetFaults();
    standIn.resetState();
    clock.advance(10_000);
  });

  const asBot = (method: string, path: string) =>
    call<RateLimited>(`${standIn.url}/api/v10${path}`, {
      method,
      headers: { Authorization: `Bot ${STAND_IN_APP.botToken}` },
    });
  const listRoles = () => asBot('GET', `/guilds/${DEMO_GUILD.id}/roles`);
  const member = () => asBot('GET', `/guilds/${DEMO_GUILD.id}/members/${users.zezima}`);
  const addIron = () => asBot('PUT', `/guilds/${DEMO_GUILD.id}/members/${users.b0aty}/roles/${roles.iron}`);

  it("counts each route's bucket down in the X-RateLimit headers, then answers 429 for that route only", async () => {
    const first = await listRoles();
    expect(first.headers.get('x-ratelimit-limit')).toBe('30');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('29');
    expect(first.headers.get('x-ratelimit-reset-after')).toBe('1.000');
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    for (let i = 1; i < 30; i += 1) expect((await listRoles()).status).toBe(200);
    clock.advance(250);
    const limited = await listRoles();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.75,
      global: false,
    });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    const other = await member();
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-bucket')).not.toBe(first.headers.get('x-ratelimit-bucket'));
  });

  it('answers a scripted 429 on a role PUT with Retry-After, and refuses that route until it has passed', async () => {
    standIn.rateLimitNext(1, 5);
    const limited = await addIron();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 5, global: false });
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    clock.advance(4_000);
    const tooEarly = await addIron();
    expect([tooEarly.status, tooEarly.headers.get('retry-after'), tooEarly.body.retry_after]).toEqual([
      429,
      '1',
      1,
    ]);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.b0aty)).not.toContain(roles.iron);
    // Another route's bucket is not held back.
    expect((await listRoles()).status).toBe(200);

    clock.advance(1_000);
    expect((await addIron()).status).toBe(204);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.b0aty)).toContain(roles.iron);
  });

  it('answers a 5xx scripted on the next request as Discord does, then serves normally', async () => {
    standIn.failNext(1, 502);
    const failed = await addIron();
    expect([failed.status, failed.body]).toEqual([502, { message: '502: Bad Gateway', code: 0 }]);
    expect((await addIron()).status).toBe(204);
  });

  it('holds the bot to 50 requests a second across routes, with a global 429', async () => {
    for (let i = 0; i < GLOBAL_PER_SECOND / 2; i += 1) {
      expect((await listRoles()).status).toBe(200);
      expect((await member()).status).toBe(200);
    }
    const limited = await addIron();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    expect(limited.headers.get('x-ratelimit-global')).toBe('true');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-bucket')).toBeNull();

    // Webhooks carry no bot token: the bot's global limit is not theirs.
    const webhook = standIn.createWebhook();
    const posted = await call(webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Zezima reached 99 Slayer' }),
    });
    expect(posted.status).toBe(204);

    clock.advance(1_000);
    expect((await addIron()).status).toBe(204);
  });
});
