import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/clock.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { WomError } from './wom-error.ts';
import { WomGateway, parseRetryAfter, type WomGatewayOptions } from './wom-gateway.ts';
import { WomLimiter } from './wom-limiter.ts';
import { limiterOnVirtualTime } from '#test/virtual-limiter.ts';

let simulator: WomSimulator;

function gateway(options: Partial<WomGatewayOptions> = {}) {
  return new WomGateway({
    baseUrl: simulator.url,
    apiKey: null,
    userAgent: 'clan-site (tests)',
    limiter: new WomLimiter(1000, systemClock),
    backoffMs: 10,
    ...options,
  });
}

async function failureOf(call: Promise<unknown>): Promise<WomError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WomError);
  return error as WomError;
}

beforeAll(async () => {
  simulator = await startSimulator({
    members: 20,
    clock: { now: () => new Date('2026-11-21T12:00:00.000Z') },
  });
});
afterAll(async () => simulator.close());
beforeEach(() => {
  simulator.resetFaults();
  simulator.requests.length = 0;
});

describe('WomGateway', () => {
  it('identifies the site with its user agent and sends the API key when there is one', async () => {
    await gateway({ apiKey: 'secret-key' }).getGroupDetails(simulator.groupId);
    expect(simulator.requests.at(-1)).toMatchObject({ userAgent: 'clan-site (tests)', apiKey: 'secret-key' });
    await gateway().getGroupDetails(simulator.groupId);
    expect(simulator.requests.at(-1)?.apiKey).toBeNull();
  });

  it('parses the group, its members and their snapshots', async () => {
    const wom = gateway();
    const group = await wom.getGroupDetails(simulator.groupId);
    const hiscores = await wom.getGroupBulkHiscores(simulator.groupId);
    expect(group.memberships).toHaveLength(20);
    expect(hiscores.length).toBeGreaterThan(0);
    expect(hiscores[0]!.data.data.skills.overall).toEqual(
      expect.objectContaining({ experience: expect.any(Number) }),
    );
    expect(wom.requestsMade).toBe(2);
  });

  it('waits out a 429 for its Retry-After, then succeeds', async () => {
    simulator.rateLimitNext(1, 1);
    const { limiter, elapsed } = limiterOnVirtualTime(1000);
    const wom = gateway({ limiter });
    const group = await wom.getGroupDetails(simulator.groupId);
    expect(group.id).toBe(simulator.groupId);
    expect(elapsed()).toBe(1000);
    expect(wom.requestsMade).toBe(2);
  });

  it('blocks every later call through the same limiter until the Retry-After has passed', async () => {
    const { limiter, elapsed } = limiterOnVirtualTime(1000);
    simulator.rateLimitNext(1, 1);
    await expect(
      gateway({ limiter, maxAttempts: 1 }).getGroupDetails(simulator.groupId),
    ).rejects.toMatchObject({
      failure: { kind: 'http', status: 429 },
    });
    expect(elapsed()).toBe(0);
    await gateway({ limiter }).getGroupCompetitions(simulator.groupId);
    expect(elapsed()).toBe(1000);
  });

  it('treats a 503 with an HTML page as an error, after retrying', async () => {
    simulator.setFaults({ down: true });
    const wom = gateway({ maxAttempts: 2 });
    const error = await failureOf(wom.getGroupDetails(simulator.groupId));
    expect(error.failure).toEqual({ kind: 'http', status: 503, code: null });
    expect(error.retryable).toBe(true);
    expect(wom.requestsMade).toBe(2);
  });

  it('recovers when a retry succeeds after a server error', async () => {
    simulator.failNext(1, 500, 'json');
    const wom = gateway();
    await expect(wom.getGroupCompetitions(simulator.groupId)).resolves.toEqual(expect.any(Array));
    expect(wom.requestsMade).toBe(2);
  });

  it.each([
    ['an HTML page', 'html'],
    ['a truncated body', 'truncated'],
    ['an empty body', 'empty'],
  ] as const)('treats a 200 with %s as an invalid body, without retrying', async (_label, body) => {
    simulator.failNext(1, 200, body);
    const wom = gateway();
    const error = await failureOf(wom.getGroupDetails(simulator.groupId));
    expect(error.failure).toEqual({ kind: 'invalid-body' });
    expect(wom.requestsMade).toBe(1);
  });

  it('rejects JSON of the wrong shape, naming where it differs', async () => {
    simulator.failNext(1, 200, 'json');
    const error = await failureOf(gateway().getGroupDetails(simulator.groupId));
    expect(error.failure).toEqual({ kind: 'invalid-body' });
    expect(error.message).toContain('unexpected shape');
  });

  it("passes WOM's error code through and does not retry a 404", async () => {
    const wom = gateway();
    const error = await failureOf(wom.getPlayerDetailsById(987_654_321));
    expect(error.failure).toEqual({ kind: 'http', status: 404, code: 'PLAYER_NOT_FOUND' });
    expect(wom.requestsMade).toBe(1);
  });

  it('gives up on a slow answer after its timeout', async () => {
    simulator.setFaults({ latencyMs: 400 });
    const error = await failureOf(
      gateway({ timeoutMs: 100, maxAttempts: 1 }).getGroupDetails(simulator.groupId),
    );
    expect(error.failure).toEqual({ kind: 'timeout' });
  });

  it('reports a refused connection as a network failure', async () => {
    const error = await failureOf(
      gateway({ baseUrl: 'http://127.0.0.1:9/v2', maxAttempts: 1 }).getGroupDetails(1),
    );
    expect(error.failure).toEqual({ kind: 'network' });
  });

  it('counts requests per gateway copy, sharing the limiter', async () => {
    const wom = gateway();
    const run = wom.withFreshCount();
    await run.getGroupCompetitions(simulator.groupId);
    expect(run.requestsMade).toBe(1);
    expect(wom.requestsMade).toBe(0);
  });

  describe('forVisitors', () => {
    const players = () => simulator.memberIds();
    const playerRequests = () => simulator.requests.filter((r) => r.path.startsWith('/players/')).length;

    it("sends a visitor's requests only while the sync's reserve stays free, refusing the rest unsent", async () => {
      const sync = gateway({ limiter: new WomLimiter(20, systemClock) });
      const visitors = sync.forVisitors();
      const outcomes = await Promise.allSettled(players().map((id) => visitors.getPlayerDetailsById(id)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
      for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
        expect(outcome.reason).toBeInstanceOf(WomError);
        expect((outcome.reason as WomError).failure).toEqual({ kind: 'budget' });
        expect((outcome.reason as WomError).retryable).toBe(false);
      }
      expect(playerRequests()).toBe(10);
      expect(visitors.requestsMade).toBe(10);

      // The sync's half of the minute is still whole.
      for (let i = 0; i < 10; i += 1) await sync.getGroupCompetitions(simulator.groupId);
      expect(sync.requestsMade).toBe(10);
    });

    it('sends nothing for visitors once the sync has used the spare half of the minute', async () => {
      const sync = gateway({ limiter: new WomLimiter(20, systemClock) });
      for (let i = 0; i < 10; i += 1) await sync.getGroupCompetitions(simulator.groupId);
      const error = await failureOf(sync.forVisitors().getPlayerDetailsById(players()[0]!));
      expect(error.failure).toEqual({ kind: 'budget' });
      expect(playerRequests()).toBe(0);
    });
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');

  it('reads seconds and HTTP dates, and nothing from an empty header', () => {
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
