import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT32 } from '#core/bounds/int32.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { requestsFor, type FuzzRequest } from '#test/fuzz/requests.ts';
import { ROLES, createRoleSessions, untilSyncIdle, type RoleSessions } from '#test/roles.ts';
import { apiRoutes, label } from '#test/routes.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { post } from '#test/http-call.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { DATABASE_REFUSED_VALUE } from '../plugins/error-handler.ts';

/** Requests per dialect: enough to reach every route many times, few enough to stay well under a minute. */
const RUNS = 300;

/**
 * The attempt limiter's counters: a refused guess (a wrong password, an invalid reset link) counts
 * by design, so a rejected request may write there and nowhere else.
 */
const ATTEMPT_COUNTERS = 'rate_limits';

/** What must never leave the server: stack frames, source paths, SQL and the database's name. */
const INTERNALS: RegExp[] = [
  /\n\s+at /,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\/(?:home|work|usr|tmp|opt|var|root|srv)\//,
  /\bselect\s+\S+[\s\S]*\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /sqlite/i,
  /postgres/i,
  /\bkysely\b/i,
];

const PRIVATE = /^\/api\/(?:admin|auth)(?:[/?]|$)/;

/** A member whose score is one point below what its column holds: any award to them must be refused alike. */
const AT_CEILING = '1';

const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: string): FuzzRequest => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload: body,
});

/**
 * Values at and past the bounds both databases must treat alike, sent as the admin every run
 * before the random requests: a score past 2^31 - 1, a lone surrogate, dates in year 0 (which
 * PostgreSQL has not) and 2101. `recruit` is a player WOM knows, so Add Member gets past its WOM
 * check to the database.
 */
const edgeCases = (recruit: string): Array<{ route: string; request: FuzzRequest }> => [
  {
    route: 'POST /api/admin/members/:womId/points',
    request: json('POST', `/api/admin/members/${AT_CEILING}/points`, '{"amount":15}'),
  },
  {
    // The audit keeps the input as sent: PostgreSQL's JSON refuses the surrogate that SQLite keeps.
    route: 'POST /api/admin/members',
    request: json(
      'POST',
      '/api/admin/members',
      JSON.stringify({
        wom_id: recruit,
        name: 'Half \ud800',
        wom_name: null,
        womrole: null,
        title: null,
        join_date: null,
        current_lvl: 0,
        current_xp: 0,
        first_lvl: 0,
        first_xp: 0,
        ehb: 0,
        siege_score: 0,
      }),
    ),
  },
  {
    route: 'POST /api/admin/events',
    request: json(
      'POST',
      '/api/admin/events',
      '{"name":"Early","start_date":"0000-01-01","end_date":"2101-01-01"}',
    ),
  },
];

function describeRequest(role: string, request: FuzzRequest, response: LightMyRequestResponse): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return [
    `${role} ${request.method} ${cut(request.url)}`,
    `headers ${JSON.stringify(request.headers)}`,
    `body ${request.payload === undefined ? '(none)' : JSON.stringify(cut(request.payload))}`,
    `-> ${response.statusCode} ${cut(response.body)}`,
  ].join('\n');
}

/** The response rules every request must keep, whatever it sent. */
/**
 * Error answers whose contract adds fields beside `{code, message}`: a refused members import lists
 * what it would have changed and every problem by line (issue 20). Only these fields, only here.
 */
const ERROR_EXTRAS: Readonly<Record<string, { status: number; fields: readonly string[] }>> = {
  '/api/admin/members/import': { status: 422, fields: ['changes', 'errors'] },
};

function checkResponse(request: FuzzRequest, response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, context).toBeLessThan(500);
  if (PRIVATE.test(request.url)) expect(response.headers['cache-control'], context).toBe('no-store');
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], context).toContain('application/json');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  const extras = ERROR_EXTRAS[request.url.split('?')[0] ?? ''];
  if (extras?.status === response.statusCode) {
    for (const field of extras.fields) expect(Array.isArray(body[field]), context).toBe(true);
    for (const field of extras.fields) delete body[field];
  }
  expect(body, context).toEqual({ code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
  for (const internal of INTERNALS) expect(response.body, context).not.toMatch(internal);
  // The database, not the edge, refused a value: the other database would have stored it.
  expect((body as { message: string }).message, context).not.toBe(DATABASE_REFUSED_VALUE);
}

for (const dialect of testDialects) {
  describe(`${dialect}: every JSON route under hostile input`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let sessions: RoleSessions;
    let recruit: string;

    beforeAll(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 6, seed: 21, clock });
      recruit = String((await post<{ id: number }>(`${simulator.url}/players/Half Moon`)).body.id);
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      // Data to trip over: a synced clan, a member at the score ceiling, a plain user and an admin.
      expect((await t.sync()).outcome).toBe('succeeded');
      const at = t.clock.now().toISOString();
      await t.database.db
        .insertInto('members')
        .values({
          wom_id: AT_CEILING,
          name: 'Ceiling',
          siege_score: MAX_INT32 - 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
      sessions = await createRoleSessions(t);
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('derives requests for every API route from its schema', () => {
      const routes = apiRoutes(t.app);
      expect(routes.map(label)).toEqual(
        expect.arrayContaining([
          'POST /api/auth/login',
          'POST /api/admin/users/:id/admin',
          'GET /api/wom-player',
        ]),
      );
      for (const route of routes) expect(() => requestsFor(route), label(route)).not.toThrow();
    });

    it('never answers 5xx, internals or a bare error, and rejected requests write nothing', async () => {
      const routes = apiRoutes(t.app);
      const hits = new Map(routes.map((route) => [label(route), 0]));
      const statuses = new Set<number>();
      const casesOf = (route: (typeof routes)[number]) =>
        fc.record({
          route: fc.constant(label(route)),
          request: requestsFor(route),
          role: fc.constantFrom(...ROLES),
        });
      const cases = fc.oneof(...routes.map(casesOf));
      // One request per route first: a random draw over dozens of routes can miss one.
      const everyRoute = routes.flatMap((route) =>
        fc.sample(casesOf(route), 1).map((one): [typeof one] => [one]),
      );
      const edges = edgeCases(recruit).map((edge): [(typeof everyRoute)[number][0]] => [
        { ...edge, role: 'admin' },
      ]);

      await fc.assert(
        fc.asyncProperty(cases, async ({ route, request, role }) => {
          hits.set(route, (hits.get(route) ?? 0) + 1);
          const before = await dumpTables(t.database.db);
          const response = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: { ...request.headers, ...sessions.headers(role) },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          statuses.add(response.statusCode);
          const context = describeRequest(role, request, response);
          checkResponse(request, response, context);
          const code = response.statusCode >= 400 ? response.json<{ code: string }>().code : null;
          if (code !== null) {
            const changed = changedTables(before, await dumpTables(t.database.db));
            expect(
              changed.filter((table) => table !== ATTEMPT_COUNTERS),
              context,
            ).toEqual([]);
          }
          await sessions.restore();
          await untilSyncIdle(t, sessions);
        }),
        // Every request changes the database, so shrinking would replay against a different state:
        // the first failing request is reported as it was sent.
        { numRuns: RUNS, endOnFailure: true, examples: [...edges, ...everyRoute] },
      );

      expect([...hits].filter(([, count]) => count === 0).map(([name]) => name)).toEqual([]);
      // Requests reached handlers, not only validation.
      expect([...statuses].some((status) => status < 300)).toBe(true);
      expect([...statuses].some((status) => status >= 400)).toBe(true);
    }, 120_000);
  });
}
