import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { createMatrix, matrixEnv, type Matrix } from '#test/authorization-fixtures.ts';
import { testDialects } from '#test/databases.ts';
import { apiRoutes, fillPath, label } from '#test/routes.ts';
import {
  AUTHORIZATION_RULES,
  MATRIX_ROLES,
  type MatrixCase,
  type MatrixRequest,
  type World,
} from '#test/authorization-rules.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const READS = new Set(['GET', 'HEAD']);

function urlOf(pattern: string, request: MatrixRequest): string {
  const path = fillPath(pattern, (name) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${pattern}: the rule fills no :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

for (const dialect of testDialects) {
  describe(`${dialect}: authorization matrix over the route table`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let matrix: Matrix;

    beforeAll(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 5, seed: 13, clock });
      t = await createTestApp(dialect, {
        clock,
        env: matrixEnv(simulator.origin),
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
      expect((await t.sync()).outcome).toBe('succeeded');
      matrix = await createMatrix(t);
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('declares a rule for every API route in the route table', () => {
      const declared = new Set(Object.keys(AUTHORIZATION_RULES));
      expect(
        apiRoutes(t.app)
          .map(label)
          .filter((route) => !declared.has(route)),
      ).toEqual([]);
    });

    it('declares rules only for routes the route table still has', () => {
      const routes = new Set(apiRoutes(t.app).map(label));
      expect(Object.keys(AUTHORIZATION_RULES).filter((route) => !routes.has(route))).toEqual([]);
    });

    /**
     * Calls the route as every role. A refused call changes nothing, so the next role's call may use
     * the same fixtures; after a change is made, the next call gets fresh ones.
     */
    async function callAsEveryRole(route: string, rules: readonly MatrixCase[]): Promise<string[]> {
      const [method = '', pattern = ''] = route.split(' ');
      const mutation = !READS.has(method);
      const problems: string[] = [];
      let world: World | null = null;
      for (const rule of rules) {
        for (const role of MATRIX_ROLES) {
          world ??= await matrix.seedWorld();
          const request = rule.request?.(world) ?? {};
          const headers = await matrix.headers(role, mutation);
          const response = await t.app.inject({
            method,
            url: urlOf(pattern, request),
            ...(request.body === undefined
              ? { headers }
              : {
                  headers: { ...headers, 'content-type': 'application/json' },
                  payload: JSON.stringify(request.body),
                }),
          });
          const context = `${role}${rule.name ? ` (${rule.name})` : ''}`;
          if (response.statusCode !== rule.expect[role]) {
            problems.push(
              `${context}: ${response.statusCode}, expected ${rule.expect[role]}: ${response.body.slice(0, 200)}`,
            );
          }
          for (const leak of await matrix.leaks(role, response)) problems.push(`${context}: carries ${leak}`);
          if (mutation) {
            await matrix.settleJobs();
            if (response.statusCode < 400) world = null;
          }
        }
      }
      return problems;
    }

    for (const [route, rules] of Object.entries(AUTHORIZATION_RULES)) {
      it(`${route} answers each role as declared and shows no one what is not theirs`, async () => {
        expect(await callAsEveryRole(route, rules)).toEqual([]);
      });
    }
  });
}
