import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { startSimulator, type WomSimulator } from '../simulator/index.ts';
import { WomError } from './wom-error.ts';
import { WomGateway, parseRetryAfter, type WomGatewayOptions } from './wom-gateway.ts';
import { WomLimiter } from './wom-limiter.ts';

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
    const wom = gateway();
    const started = Date.now();
    const group = await wom.getGroupDetails(simulator.groupId);
    expect(group.id).toBe(simulator.groupId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(wom.requestsMade).toBe(2);
  });

  it('blocks every later call through the same limiter until the Retry-After has passed', async () => {
    const limiter = new WomLimiter(1000, systemClock);
    simulator.rateLimitNext(1, 1);
    const started = Date.now();
    await expect(
      gateway({ limiter, maxAttempts: 1 }).getGroupDetails(simulator.groupId),
    ).rejects.toMatchObject({
      failure: { kind: 'http', status: 429 },
    });
    await gateway({ limiter }).getGroupCompetitions(simulator.groupId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
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
