import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedJson } from '#test/recorded-wom.ts';
import { startSimulator, type WomSimulator } from './index.ts';

/**
 * The simulator answers in the shapes a real WOM server sends (src/test/fixtures/wom-recorded), for
 * every endpoint the site reads: each field the recording has, at any depth, is in the simulator's
 * answer with the same JSON type. A field the simulator drops, renames or types differently fails
 * here, so the simulator cannot drift from WOM again.
 */

type JsonType = 'null' | 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Every path in a JSON value (array items under `[]`) with the types seen there. */
function shapeOf(value: unknown, path = '$', shape = new Map<string, Set<JsonType>>()) {
  const type: JsonType =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : (typeof value as 'string' | 'number' | 'boolean' | 'object');
  shape.set(path, (shape.get(path) ?? new Set()).add(type));
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${path}[]`, shape);
  else if (type === 'object')
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      shapeOf(item, `${path}.${key}`, shape);
  return shape;
}

/**
 * What the recording has that the simulator's answer lacks or types otherwise: a path it never sends,
 * or a non-null type it never sends there. Null in the recording is no demand (the simulator may
 * fill the field); a type only the simulator sends is a difference too.
 */
function differences(recorded: unknown, simulated: unknown): string[] {
  const want = shapeOf(recorded);
  const have = shapeOf(simulated);
  const found: string[] = [];
  for (const [path, types] of want) {
    const seen = have.get(path);
    if (!seen) {
      found.push(`${path}: missing`);
      continue;
    }
    for (const type of types) if (type !== 'null' && !seen.has(type)) found.push(`${path}: never a ${type}`);
    for (const type of seen) {
      if (type !== 'null' && !types.has(type) && [...types].some((t) => t !== 'null'))
        found.push(`${path}: a ${type}, never sent by WOM`);
    }
  }
  return found;
}

let simulator: WomSimulator;
const get = async (path: string): Promise<unknown> => {
  const response = await fetch(`${simulator.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
};

beforeAll(async () => {
  simulator = await startSimulator({
    members: 60,
    seed: 7,
    rateLimit: false,
    clock: { now: () => new Date('2026-11-21T12:00:00.000Z') },
  });
});
afterAll(async () => simulator.close());

interface CompetitionRef {
  id: number;
  type: string;
  startsAt: string;
  endsAt: string;
}

describe('the simulator answers in the shapes a real WOM sends', () => {
  const group = () => `/groups/${simulator.groupId}`;

  it.each([
    ['the group', () => group(), 'group-details.after-changes.json'],
    ['bulk hiscores', () => `${group()}/bulk-hiscores`, 'group-bulk-hiscores.after-changes.json'],
    ['group statistics', () => `${group()}/statistics`, 'group-statistics.json'],
    ['group competitions', () => `${group()}/competitions`, 'group-competitions.json'],
    [
      'achievements',
      () => `${group()}/achievements?limit=50&offset=0`,
      'group-achievements.limit50-offset0.json',
    ],
  ])('%s', async (_, path, fixture) => {
    expect(differences(recordedJson(fixture), await get(path()))).toEqual([]);
  });

  it('a finished classic competition, a finished team one and one not begun', async () => {
    const now = Date.parse('2026-11-21T12:00:00.000Z');
    const competitions = (await get(`${group()}/competitions`)) as CompetitionRef[];
    const finished = (type: string) =>
      competitions.find((c) => c.type === type && Date.parse(c.endsAt) < now);
    const upcoming = competitions.find((c) => Date.parse(c.startsAt) > now);
    for (const [competition, fixture] of [
      [finished('classic'), 'competition-classic-finished.json'],
      [finished('team'), 'competition-team-finished.json'],
      [upcoming, 'competition-upcoming.json'],
    ] as const) {
      expect(competition, fixture).toBeDefined();
      expect(
        differences(recordedJson(fixture), await get(`/competitions/${competition!.id}`)),
        fixture,
      ).toEqual([]);
    }
  });

  it('a player WOM has updated and one it never has', async () => {
    const details = (await get(group())) as {
      memberships: Array<{ playerId: number; player: { type: string } }>;
    };
    const tracked = details.memberships.find((m) => m.player.type !== 'unknown');
    const never = details.memberships.find((m) => m.player.type === 'unknown');
    expect(never, 'a member WOM never updated').toBeDefined();
    expect(
      differences(recordedJson('player-by-id.json'), await get(`/players/id/${tracked!.playerId}`)),
    ).toEqual([]);
    expect(
      differences(
        recordedJson('player-by-id.never-updated.json'),
        await get(`/players/id/${never!.playerId}`),
      ),
    ).toEqual([]);
  });
});

describe('the shape comparison', () => {
  it('finds a field the simulator drops, and a type it changes', () => {
    const recorded = { a: 1, b: [{ c: 'x', d: null }] };
    expect(differences(recorded, { a: 1, b: [{ c: 'x', d: 2 }] })).toEqual([]);
    expect(differences(recorded, { a: '1', b: [{ d: null }] })).toEqual([
      '$.a: never a number',
      '$.a: a string, never sent by WOM',
      '$.b[].c: missing',
    ]);
  });
});
