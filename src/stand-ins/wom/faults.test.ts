import { WOMClient } from '@wise-old-man/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { call, post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type SimulatorOptions, type WomSimulator } from './index.ts';
import type { ErrorJson, GroupDetailsJson, PlayerDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const RATE_LIMITED =
  '{"message":"Too Many Requests. Please check https://docs.wiseoldman.net/#rate-limits--api-keys."}';

describe('faults, limits and recording', () => {
  let simulator: WomSimulator;
  const start = async (options: SimulatorOptions = {}) => {
    simulator = await startSimulator({ clock: manualClock(NOW), members: 10, ...options });
    return simulator;
  };
  const group = () => `${simulator.url}/groups/${simulator.groupId}`;
  afterEach(() => simulator.close());

  it('still answers correctly when told to be slow (the delay itself is measured by bench:simulator)', async () => {
    await start();
    simulator.setFaults({ latencyMs: 50 });
    const response = await call<GroupDetailsJson>(group());
    expect(response.status).toBe(200);
    expect(response.body.memberships).toHaveLength(10);
  });

  it('fails a seeded share of requests with the legacy 500', async () => {
    await start();
    simulator.setFaults({ errorRate: 1 });
    const failed = await call<ErrorJson>(group());
    expect([failed.status, failed.text]).toEqual([
      500,
      '{"code":"UNEXPECTED_ERROR","message":"Internal server error."}',
    ]);
    simulator.setFaults({ errorRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await call<unknown>(`${group()}/competitions`)).status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(500);
    const twin = await startSimulator({ clock: manualClock(NOW), members: 10 });
    try {
      twin.setFaults({ errorRate: 1 });
      await call<unknown>(`${twin.url}/groups/${twin.groupId}`);
      twin.setFaults({ errorRate: 0.5 });
      const twinStatuses: number[] = [];
      for (let i = 0; i < 30; i += 1)
        twinStatuses.push(
          (await call<unknown>(`${twin.url}/groups/1/competitions`)).status === 500 ? 500 : 200,
        );
      expect(twinStatuses).toEqual(statuses.map((status) => (status === 500 ? 500 : 200)));
    } finally {
      await twin.close();
    }
  });

  it('answers 503 with an HTML page while down, and recovers on reset', async () => {
    await start();
    simulator.setFaults({ down: true });
    const down = await call<unknown>(group());
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toContain('text/html');
    expect(down.text).toContain('<html>');
    expect(down.text).toContain('Service Unavailable');
    expect(down.body).toBeUndefined();
    simulator.resetFaults();
    expect((await call<unknown>(group())).status).toBe(200);
  });

  it("answers WOM's own 503 to player updates while the hiscores are down, and nothing else", async () => {
    const clock = manualClock(NOW);
    await start({ clock });
    const { body } = await call<GroupDetailsJson>(group());
    const member = body.memberships.find((membership) => membership.player.updatedAt !== null)?.player;
    if (member === undefined) throw new Error('no tracked member');
    const update = `${simulator.url}/players/${encodeURIComponent(member.displayName)}`;
    clock.advance(120_000);
    simulator.setFaults({ hiscoresDown: true });
    for (const url of [update, `${simulator.url}/players/Brand%20New`]) {
      const refused = await post<ErrorJson>(url);
      expect([refused.status, refused.text]).toEqual([
        503,
        '{"code":"HISCORES_SERVICE_UNAVAILABLE","message":"Jagex Hiscores Service is unavailable"}',
      ]);
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    // Reads come from WOM's database, not the hiscores.
    expect((await call<PlayerDetailsJson>(`${simulator.url}/players/id/${member.id}`)).status).toBe(200);
    expect((await call<unknown>(group())).status).toBe(200);
    // The official client hides this status: it resolves undefined (wom-api.md §1.4).
    const client = new WOMClient({ baseAPIUrl: simulator.url });
    await expect(client.players.updatePlayer(member.displayName)).resolves.toBeUndefined();

    simulator.resetFaults();
    expect((await post<PlayerDetailsJson>(update)).status).toBe(200);
    expect((await call<ErrorJson>(`${simulator.url}/players/Brand%20New`)).status).toBe(404);
  });

  it('fails the next requests with each kind of body, then answers normally', async () => {
    await start();
    simulator.failNext(1, 502);
    simulator.failNext(1, 502, 'html');
    simulator.failNext(1, 500, 'truncated');
    simulator.failNext(2, 504, 'empty');
    const json = await call<ErrorJson>(group());
    expect([json.status, json.body.code, json.headers.get('content-type')]).toEqual([
      502,
      'UNEXPECTED_ERROR',
      'application/json; charset=utf-8',
    ]);
    const html = await call<unknown>(group());
    expect([html.status, html.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
    expect(html.text).toContain('502 Bad Gateway');
    const truncated = await call<unknown>(group());
    expect(truncated.status).toBe(500);
    expect(truncated.text.startsWith('{"code":"UNEXPECTED_ERROR"')).toBe(true);
    expect(() => JSON.parse(truncated.text) as unknown).toThrow(SyntaxError);
    for (let i = 0; i < 2; i += 1) {
      const empty = await call<unknown>(group());
      expect([empty.status, empty.text]).toEqual([504, '']);
    }
    expect((await call<unknown>(group())).status).toBe(200);
    simulator.failNext(3, 500);
    simulator.resetFaults();
    expect((await call<unknown>(group())).status).toBe(200);
  });

  it('rate-limits the next requests with the exact body and headers', async () => {
    await start();
    simulator.rateLimitNext(2, 30);
    for (let i = 0; i < 2; i += 1) {
      const limited = await call<unknown>(group());
      expect([limited.status, limited.text]).toEqual([429, RATE_LIMITED]);
      expect(limited.headers.get('retry-after')).toBe('30');
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('ratelimit-reset')).toBe('30');
      expect(limited.headers.get('ratelimit-limit')).toBe('20');
    }
    expect((await call<unknown>(group())).status).toBe(200);
  });

  it('refuses API keys that are not configured', async () => {
    await start({ apiKeys: ['good-key'] });
    const bad = await call<unknown>(group(), { headers: { 'x-api-key': 'bad-key' } });
    expect([bad.status, bad.text]).toEqual([
      403,
      '{"message":"Invalid API Key. Please check https://docs.wiseoldman.net/#rate-limits--api-keys"}',
    ]);
    expect((await call<unknown>(group(), { headers: { 'x-api-key': 'good-key' } })).status).toBe(200);
    expect((await call<unknown>(group())).status).toBe(200);
  });

  it('counts requests per 60 s window, per key or per address', async () => {
    const clock = manualClock(NOW);
    await start({ clock, rateLimit: { withoutKey: 3, withKey: 5 } });
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 3; i += 1)
      remaining.push((await call<unknown>(group())).headers.get('ratelimit-remaining'));
    expect(remaining).toEqual(['2', '1', '0']);
    clock.advance(15_000);
    const over = await call<unknown>(`${simulator.url}/nowhere`);
    expect([over.status, over.text]).toEqual([429, RATE_LIMITED]);
    expect(over.headers.get('retry-after')).toBe('45');
    expect(over.headers.get('ratelimit-limit')).toBe('3');
    for (let i = 0; i < 5; i += 1) {
      expect((await call<unknown>(group(), { headers: { 'x-api-key': 'mine' } })).status).toBe(200);
    }
    expect((await call<unknown>(group(), { headers: { 'x-api-key': 'mine' } })).status).toBe(429);
    clock.advance(45_000);
    expect((await call<unknown>(group())).status).toBe(200);
  });

  it('keeps only the latest requests it was told to, oldest dropped first', async () => {
    await start({ requestLog: 2 });
    for (const limit of [1, 2, 3]) await call<unknown>(`${group()}/achievements?limit=${limit}`);
    expect(simulator.requests.map((request) => request.query)).toEqual(['limit=2', 'limit=3']);
  });

  it('records method, path, query, user agent, API key and time of every request', async () => {
    const clock = manualClock(NOW);
    await start({ clock });
    await call<unknown>(`${group()}/achievements?limit=5`, {
      headers: { 'x-user-agent': 'clan-site (discord: someone)', 'x-api-key': 'k1' },
    });
    clock.advance(1_000);
    await call<unknown>(`${simulator.url}/players/Zezima%20Jr`, { method: 'POST', body: '{}' });
    await call<unknown>(`${simulator.origin}/player-watch.json`);
    expect(simulator.requests).toEqual([
      {
        method: 'GET',
        path: `/groups/${simulator.groupId}/achievements`,
        query: 'limit=5',
        userAgent: 'clan-site (discord: someone)',
        apiKey: 'k1',
        at: NOW,
      },
      {
        method: 'POST',
        path: '/players/Zezima Jr',
        query: '',
        userAgent: 'node',
        apiKey: null,
        at: '2026-11-21T12:00:01.000Z',
      },
      {
        method: 'GET',
        path: '/player-watch.json',
        query: '',
        userAgent: 'node',
        apiKey: null,
        at: '2026-11-21T12:00:01.000Z',
      },
    ]);
  });

  it('answers JSON 404s for unknown routes and methods', async () => {
    await start();
    for (const [path, method] of [
      ['/v2/nowhere', 'GET'],
      ['/v2/groups', 'GET'],
      [`/v2/groups/${simulator.groupId}`, 'DELETE'],
      ['/elsewhere', 'GET'],
      [`//groups/${simulator.groupId}`, 'GET'],
    ] as const) {
      const reply = await call<ErrorJson>(`${simulator.origin}${path}`, { method });
      expect([reply.status, reply.text]).toEqual([
        404,
        '{"code":"ENDPOINT_NOT_FOUND","message":"Endpoint not found"}',
      ]);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('publishes a player-watch list naming three members and four outsiders', async () => {
    await start({ members: 150 });
    const list = (await call<Array<Record<string, string>>>(`${simulator.origin}/player-watch.json`)).body;
    expect(list).toHaveLength(7);
    const normalise = (name: string) =>
      name
        .replace(/[-_\s]/g, ' ')
        .trim()
        .toLowerCase();
    const { body } = await call<GroupDetailsJson>(group());
    const members = new Map(
      body.memberships.map((membership) => [membership.player.username, membership.player]),
    );
    const named = list.filter((entry) => members.has(normalise(entry.accused_rsn ?? '')));
    expect(named).toHaveLength(3);
    expect(
      named.filter(
        (entry) => members.get(normalise(entry.accused_rsn ?? ''))?.displayName !== entry.accused_rsn,
      ),
    ).toHaveLength(1);
    for (const entry of list) {
      expect(Object.keys(entry)).toEqual([
        'accused_rsn',
        'published_date',
        'reason',
        'evidence_rating',
        'quick_find',
        'source',
      ]);
      expect(new Date(entry.published_date ?? '').toISOString()).toBe(entry.published_date);
      expect(entry.quick_find).toMatch(/^https:\/\//);
    }
  });
});
