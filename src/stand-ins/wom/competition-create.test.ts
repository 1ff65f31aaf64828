import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { CompetitionDetailsJson, CompetitionJson, ErrorJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const DAY = 86_400_000;

/** POST /competitions checked against Wise Old Man's CreateCompetitionService: its order, its words. */
describe('creating a competition', () => {
  let simulator: WomSimulator;
  const at = (offsetDays: number) => new Date(Date.parse(NOW) + offsetDays * DAY).toISOString();
  const valid = () => ({
    title: 'SOTW_Fishing  week',
    metric: 'fishing',
    startsAt: at(1),
    endsAt: at(8),
    groupId: simulator.groupId,
    groupVerificationCode: simulator.verificationCode,
  });
  const create = (body: Record<string, unknown>) =>
    post<{ competition: CompetitionDetailsJson; verificationCode: string } & ErrorJson>(
      `${simulator.url}/competitions`,
      body,
    );

  beforeAll(async () => {
    simulator = await startSimulator({ members: 8, seed: 3, clock: manualClock(NOW) });
  });
  afterAll(() => simulator.close());

  it("creates a group competition of every member, titled as WOM sanitises it, and lists it with the group's", async () => {
    const created = await create(valid());
    expect(created.status).toBe(201);
    const { competition, verificationCode } = created.body;
    expect(verificationCode).toMatch(/^\d{3}-\d{3}-\d{3}$/);
    expect(competition).toMatchObject({
      title: 'SOTW Fishing week',
      type: 'classic',
      metric: 'fishing',
      startsAt: at(1),
      endsAt: at(8),
      groupId: simulator.groupId,
      participantCount: 8,
    });
    expect(competition.participations).toHaveLength(8);
    const listed = await call<CompetitionJson[]>(`${simulator.url}/groups/${simulator.groupId}/competitions`);
    expect(listed.body.map((entry) => entry.id)).toContain(competition.id);
    const details = await call<CompetitionDetailsJson>(`${simulator.url}/competitions/${competition.id}`);
    expect(details.status).toBe(200);
  });

  it('creates a team competition from the members named in each team', async () => {
    const group = await call<{ memberships: Array<{ player: { username: string } }> }>(
      `${simulator.url}/groups/${simulator.groupId}`,
    );
    const [a, b, c] = group.body.memberships.map((membership) => membership.player.username);
    const created = await create({
      ...valid(),
      teams: [
        { name: 'Red', participants: [a, b] },
        { name: 'Blue', participants: [c] },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.competition.type).toBe('team');
    expect(created.body.competition.participations.map((p) => p.teamName).sort()).toEqual([
      'Blue',
      'Red',
      'Red',
    ]);
  });

  it("refuses what WOM refuses, with WOM's status, code and message", async () => {
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [
        { ...valid(), title: '' },
        400,
        'VALIDATION_ERROR',
        'Competition title must have at least one character.',
      ],
      [
        { ...valid(), title: 'x'.repeat(51) },
        400,
        'VALIDATION_ERROR',
        'Competition title cannot be longer than 50 characters.',
      ],
      [{ ...valid(), startsAt: undefined }, 400, 'VALIDATION_ERROR', "Parameter 'startsAt' is undefined."],
      [{ ...valid(), endsAt: 'soon' }, 400, 'VALIDATION_ERROR', "Parameter 'endsAt' is not a valid date."],
      [
        { ...valid(), startsAt: at(8), endsAt: at(1) },
        400,
        'VALIDATION_ERROR',
        'Start date must be before the end date.',
      ],
      [
        { ...valid(), startsAt: at(-1) },
        400,
        'VALIDATION_ERROR',
        'Invalid dates: All start and end dates must be in the future.',
      ],
      [
        { ...valid(), teams: [{ name: 'Red', participants: [] }] },
        400,
        'VALIDATION_ERROR',
        'All teams must have a valid non-empty participants array.',
      ],
      [
        {
          ...valid(),
          teams: [
            { name: 'Red', participants: ['x'] },
            { name: 'red', participants: ['y'] },
          ],
        },
        400,
        'UNEXPECTED_ERROR',
        'Found repeated team names: [red]',
      ],
      [
        { ...valid(), groupVerificationCode: undefined },
        400,
        'UNEXPECTED_ERROR',
        'Invalid group verification code.',
      ],
      [{ ...valid(), groupId: 999 }, 404, 'UNEXPECTED_ERROR', 'Group not found.'],
      [
        { ...valid(), groupVerificationCode: '000-000-000' },
        403,
        'UNEXPECTED_ERROR',
        'Incorrect group verification code.',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const refused = await create(body);
      expect(
        { status: refused.status, code: refused.body.code, message: refused.body.message },
        message,
      ).toEqual({
        status,
        code,
        message,
      });
    }
    const metric = await create({ ...valid(), metric: 'knitting' });
    expect(metric.status).toBe(400);
    expect(metric.body.code).toBe('VALIDATION_ERROR');
  });
});
