import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limiterOnVirtualTime } from '#test/virtual-limiter.ts';
import {
  RECORDED_GROUP_ID,
  recordedErrors,
  recordedJson,
  startRecordedWom,
  type RecordedWom,
} from '#test/recorded-wom.ts';
import { WomError } from './wom-error.ts';
import { WomGateway } from './wom-gateway.ts';

/**
 * The gateway against the answers a real WOM server gave (src/test/fixtures/wom-recorded): each is
 * accepted as sent, and each recorded failure becomes the WomError the sync and the pages expect.
 */

let wom: RecordedWom;

function gateway(baseUrl = wom.url) {
  return new WomGateway({
    baseUrl,
    apiKey: null,
    userAgent: 'clan-site (tests)',
    limiter: limiterOnVirtualTime(1000).limiter,
    maxAttempts: 1,
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
  wom = await startRecordedWom();
});
afterAll(async () => wom.close());

describe.each([
  ['a self-hosted WOM (no /v2)', ''],
  ['the public service (/v2)', '/v2'],
])('WomGateway on the answers of %s', (_, prefix) => {
  it('accepts the group, its members and their snapshots at both recorded moments', async () => {
    for (const moment of ['first-sync', 'after-changes'] as const) {
      wom.moment = moment;
      const api = gateway(`${wom.url}${prefix}`);
      const group = await api.getGroupDetails(RECORDED_GROUP_ID);
      const hiscores = await api.getGroupBulkHiscores(RECORDED_GROUP_ID);
      const recorded = recordedJson<{ memberships: unknown[] }>(`group-details.${moment}.json`);
      expect(group.memberships).toHaveLength(recorded.memberships.length);
      expect(hiscores).toHaveLength(recordedJson<unknown[]>(`group-bulk-hiscores.${moment}.json`).length);
    }
    wom.moment = 'first-sync';
  });

  it('accepts the statistics, with leaders nobody holds', async () => {
    const statistics = await gateway(`${wom.url}${prefix}`).getGroupStatistics(RECORDED_GROUP_ID);
    const unheld = Object.values(statistics.metricLeaders.bosses).filter((leader) => leader.player === null);
    expect(unheld.length).toBeGreaterThan(0);
    expect(unheld.every((leader) => leader.kills === -1)).toBe(true);
  });

  it('accepts both recorded pages of achievements, undated ones included', async () => {
    const api = gateway(`${wom.url}${prefix}`);
    const pages = [
      await api.getGroupAchievements(RECORDED_GROUP_ID, { limit: 50, offset: 0 }),
      await api.getGroupAchievements(RECORDED_GROUP_ID, { limit: 50, offset: 50 }),
    ].flat();
    expect(pages).toHaveLength(100);
    expect(pages.filter((row) => row.createdAt === null)).toHaveLength(76);
  });

  it('accepts every competition, classic and team, listed and in detail', async () => {
    const api = gateway(`${wom.url}${prefix}`);
    const listed = await api.getGroupCompetitions(RECORDED_GROUP_ID);
    expect(listed.map((competition) => competition.type).sort()).toEqual([
      'classic',
      'classic',
      'classic',
      'team',
      'team',
    ]);
    for (const id of [2, 3, 4, 5]) {
      const details = await api.getCompetitionDetails(id);
      expect(details.metrics.length).toBeGreaterThan(0);
      const teams = details.participations.map((participation) => participation.teamName);
      if (details.type === 'team') expect(teams.every((team) => typeof team === 'string')).toBe(true);
      else expect(teams.every((team) => team === null)).toBe(true);
    }
  });

  it('accepts a player with a snapshot and one WOM never updated', async () => {
    const api = gateway(`${wom.url}${prefix}`);
    expect((await api.getPlayerDetailsById(6)).latestSnapshot).not.toBeNull();
    const never = await api.getPlayerDetailsById(31);
    expect(never).toMatchObject({ type: 'unknown', latestSnapshot: null, updatedAt: null });
  });
});

describe("WomGateway on WOM's recorded failures", () => {
  it.each([
    ['group-not-found', () => gateway().getGroupDetails(999)],
    ['group-statistics-no-stats', () => gateway().getGroupStatistics(2)],
    ['group-bulk-hiscores-not-found', () => gateway().getGroupBulkHiscores(999)],
    ['competition-not-found', () => gateway().getCompetitionDetails(999)],
    ['player-id-not-found', () => gateway().getPlayerDetailsById(999)],
  ])('turns %s into a WomError with its status, code and message', async (name, call) => {
    const recorded = recordedErrors().find((error) => error.name === name)!;
    const body = recorded.body as { code: string; message: string };
    const error = await failureOf(call());
    expect(error.failure).toEqual({ kind: 'http', status: recorded.status, code: body.code });
    expect(error.message).toContain(body.message);
  });

  it('reads an empty group as no members', async () => {
    expect(await gateway().getGroupBulkHiscores(2)).toEqual([]);
  });

  it("holds every later request for the recorded 429's Retry-After of 60 s", async () => {
    const { limiter, elapsed } = limiterOnVirtualTime(1000);
    const warnings: string[] = [];
    const api = new WomGateway({
      baseUrl: wom.url,
      apiKey: null,
      userAgent: 'clan-site (tests)',
      limiter,
      maxAttempts: 1,
      log: { warn: (message) => warnings.push(message) },
    });
    wom.rateLimitNext(1);
    const error = await failureOf(api.getGroupDetails(RECORDED_GROUP_ID));
    expect(error.failure).toEqual({ kind: 'http', status: 429, code: null });
    expect(warnings).toEqual(['WOM rate limit reached on /groups/1: waiting 60 s (Retry-After: 60)']);
    await api.getGroupDetails(RECORDED_GROUP_ID);
    expect(elapsed()).toBeGreaterThanOrEqual(60_000);
  });
});
