import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordedErrors } from '#test/recorded-wom.ts';
import { call, post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type SimulatorOptions, type WomSimulator } from './index.ts';
import type { CompetitionJson, GroupDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
/** The real WOM's 429, as recorded: status, headers and body. */
const RATE_LIMITED = recordedErrors().find((error) => error.name === 'rate-limited');
const LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

const limitHeaders = (headers: Headers) =>
  Object.fromEntries(LIMIT_HEADERS.map((name) => [name, headers.get(name)]));

describe("WOM's rate limit and mount points", () => {
  let simulator: WomSimulator;
  const start = async (options: SimulatorOptions = {}) => {
    simulator = await startSimulator({ clock: manualClock(NOW), members: 10, ...options });
    return `${simulator.url}/groups/${simulator.groupId}`;
  };
  afterEach(async () => {
    vi.unstubAllEnvs();
    await simulator.close();
  });

  it('allows 20 requests a minute by default, then answers the recorded 429', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const group = await start();
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 20; i += 1) {
      const reply = await call<unknown>(group);
      expect(reply.status).toBe(200);
      remaining.push(reply.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)));
    // The recorder sent its 21st request at once too, so 60 seconds were left of the window.
    const limited = await call<unknown>(group);
    expect({
      status: limited.status,
      headers: { ...limitHeaders(limited.headers), 'retry-after': limited.headers.get('retry-after') },
      body: limited.body,
    }).toEqual({ status: RATE_LIMITED?.status, headers: RATE_LIMITED?.headers, body: RATE_LIMITED?.body });
  });

  it('counts every answer, errors and unknown routes too, in seconds-to-reset headers', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const clock = manualClock(NOW);
    const group = await start({ clock });
    const answers = [
      await call<unknown>(group),
      await call<unknown>(`${group}/achievements?limit=51`),
      await call<unknown>(`${simulator.url}/groups/999`),
      await call<unknown>(`${simulator.url}/nowhere`),
    ];
    expect(answers.map((reply) => reply.status)).toEqual([200, 400, 404, 404]);
    expect(answers.map((reply) => limitHeaders(reply.headers))).toEqual(
      ['19', '18', '17', '16'].map((left) => ({
        'ratelimit-limit': '20',
        'ratelimit-remaining': left,
        'ratelimit-reset': '60',
      })),
    );
    clock.advance(15_500);
    expect(limitHeaders((await call<unknown>(group)).headers)['ratelimit-reset']).toBe('45');
    // The player-watch list is another site's, outside WOM's limit.
    expect(
      (await call<unknown>(`${simulator.origin}/player-watch.json`)).headers.get('ratelimit-limit'),
    ).toBeNull();
  });

  it("gives an API key WOM's 100 a minute", async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const group = await start({ apiKeys: ['mine'] });
    const reply = await call<unknown>(group, { headers: { 'x-api-key': 'mine' } });
    expect(reply.headers.get('ratelimit-limit')).toBe('100');
  });

  it.each(['test', 'development'])('skips the limit under NODE_ENV=%s, as WOM does', async (env) => {
    vi.stubEnv('NODE_ENV', env);
    const group = await start();
    for (let i = 0; i < 25; i += 1) expect((await call<unknown>(group)).status).toBe(200);
    expect(limitHeaders((await call<unknown>(group)).headers)['ratelimit-limit']).toBeNull();
  });

  it('takes a limit of its own or none, whatever NODE_ENV says', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    let group = await start({ rateLimit: { withoutKey: 1_000, withKey: 5_000 } });
    expect(limitHeaders((await call<unknown>(group)).headers)['ratelimit-limit']).toBe('1000');
    await simulator.close();
    group = await start({ rateLimit: false });
    for (let i = 0; i < 25; i += 1) expect((await call<unknown>(group)).status).toBe(200);
    vi.stubEnv('NODE_ENV', 'test');
    await simulator.close();
    group = await start({ rateLimit: { withoutKey: 2, withKey: 10 } });
    await call<unknown>(group);
    await call<unknown>(group);
    expect((await call<unknown>(group)).status).toBe(429);
  });

  it('serves every route at /v2/... and at /..., as api.wiseoldman.net and a self-hosted WOM do', async () => {
    await start({ rateLimit: false });
    const { body: details } = await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`);
    const competitions = (
      await call<CompetitionJson[]>(`${simulator.url}/groups/${simulator.groupId}/competitions`)
    ).body;
    const member = details.memberships[0]?.player;
    if (member === undefined || competitions[0] === undefined) throw new Error('an empty clan');
    for (const path of [
      `/groups/${simulator.groupId}`,
      `/groups/${simulator.groupId}/bulk-hiscores`,
      `/groups/${simulator.groupId}/statistics`,
      `/groups/${simulator.groupId}/achievements?limit=50`,
      `/groups/${simulator.groupId}/competitions`,
      `/groups/${simulator.groupId}/hiscores?metric=overall`,
      `/competitions/${competitions[0].id}`,
      `/players/id/${member.id}`,
      `/players/${encodeURIComponent(member.username)}`,
      '/groups/999',
    ]) {
      const [prefixed, bare] = [
        await call<unknown>(`${simulator.origin}/v2${path}`),
        await call<unknown>(`${simulator.origin}${path}`),
      ];
      expect([bare.status, bare.text]).toEqual([prefixed.status, prefixed.text]);
    }
    const created = await post<unknown>(`${simulator.origin}/players/Zezima%20Jr`);
    expect(created.status).toBe(201);
    expect(simulator.requests.at(-1)?.path).toBe('/players/Zezima Jr');
  });
});
