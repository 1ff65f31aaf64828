import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedJson } from '#test/recorded-wom.ts';
import { call, post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { AchievementJson, GroupDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
/** The real WOM's first two pages of 50 for its recorded group. */
const RECORDED = [
  ...recordedJson<AchievementJson[]>('group-achievements.limit50-offset0.json'),
  ...recordedJson<AchievementJson[]>('group-achievements.limit50-offset50.json'),
];
/** WOM's date for an achievement it found already reached: 76 of the recorded 100 rows. */
const UNDATED = '1970-01-01T00:00:00.000Z';
const FIELDS = Object.keys(RECORDED[0] ?? {});

const key = (row: AchievementJson) => `${row.playerId}:${row.name}`;

describe('group achievements as the real WOM records them', () => {
  let simulator: WomSimulator;
  let url: string;
  /** Every page of 50 from offset 0 until a short one, as a client pages through them. */
  let pages: AchievementJson[][];

  const page = async (offset: number, limit = 50) =>
    (await call<AchievementJson[]>(`${url}?limit=${limit}&offset=${offset}`)).body;

  beforeAll(async () => {
    // The recorded group's size; paging through it takes more requests than WOM's limit allows.
    simulator = await startSimulator({ clock: manualClock(NOW), members: 31, rateLimit: false });
    url = `${simulator.url}/groups/${simulator.groupId}/achievements`;
    pages = [];
    for (let offset = 0; ; offset += 50) {
      const rows = await page(offset);
      pages.push(rows);
      if (rows.length < 50) break;
    }
  });
  afterAll(() => simulator.close());

  it('dates most of them 1970 with no accuracy: reached before WOM first saw the player', () => {
    expect(RECORDED.filter((row) => row.createdAt === UNDATED && row.accuracy === null)).toHaveLength(76);
    const rows = pages.flat();
    const undated = rows.filter((row) => row.createdAt === UNDATED);
    // The recording: 76 of the group's first 100 rows.
    expect(undated.length / rows.length).toBeGreaterThan(0.5);
    for (const row of undated) expect(row.accuracy).toBeNull();
    const dated = rows.filter((row) => row.createdAt !== UNDATED);
    expect(dated.length).toBeGreaterThan(0);
    for (const row of dated) {
      if (row.accuracy !== null) {
        expect(Number.isInteger(row.accuracy)).toBe(true);
        expect(row.accuracy).toBeGreaterThan(0);
      }
    }
    expect(dated.some((row) => row.accuracy !== null)).toBe(true);
  });

  it('sends every row with the recorded fields, in the recorded order', () => {
    for (const row of pages.flat()) {
      expect(Object.keys(row)).toEqual(FIELDS);
      expect(row.legacy).toBe(false);
      expect(row.player.id).toBe(row.playerId);
      expect(['experience', 'kills', 'score', 'value', 'levels']).toContain(row.measure);
    }
  });

  it('orders by createdAt only, so rows with equal dates move between pages', async () => {
    const rows = pages.flat();
    // The recording's overlap: a row on both pages, so another on neither.
    expect(new Set(RECORDED.map(key)).size).toBe(RECORDED.length - 1);
    const dates = rows.map((row) => Date.parse(row.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // As many rows as WOM holds, yet some twice: so as many others on no page at all.
    expect(new Set(rows.map(key)).size).toBeLessThan(rows.length);
    // The same page asked again is the same, so a client's retry sees what it saw.
    expect(await page(50)).toEqual(pages[1]);
    // A page of another size cuts the equal dates in another order.
    const halves = [...(await page(50, 25)), ...(await page(75, 25))];
    expect(halves.map(key)).not.toEqual(pages[1]?.map(key));
  });

  it("records a never-updated member's achievements, undated, when WOM first updates them", async () => {
    const own = await startSimulator({ clock: manualClock(NOW), members: 150, rateLimit: false });
    try {
      const group = `${own.url}/groups/${own.groupId}`;
      const { body } = await call<GroupDetailsJson>(group);
      const never = new Set(
        body.memberships.filter((m) => m.player.updatedAt === null).map((m) => m.playerId),
      );
      expect(never.size).toBeGreaterThan(0);
      const theirs = async () => {
        const rows: AchievementJson[] = [];
        for (let offset = 0; ; offset += 50) {
          const batch = (await call<AchievementJson[]>(`${group}/achievements?limit=50&offset=${offset}`))
            .body;
          rows.push(...batch.filter((row) => never.has(row.playerId)));
          if (batch.length < 50) return rows;
        }
      };
      expect(await theirs()).toEqual([]);
      expect((await post(`${group}/update-all`, { verificationCode: own.verificationCode })).status).toBe(
        200,
      );
      const found = await theirs();
      expect(found.length).toBeGreaterThan(0);
      for (const row of found) expect([row.createdAt, row.accuracy]).toEqual([UNDATED, null]);
    } finally {
      await own.close();
    }
  });
});
