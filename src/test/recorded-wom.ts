import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A WOM that answers with the bodies recorded from a real WOM server (fixtures/wom-recorded, whose
 * README says what each file holds), byte for byte, at `/…` as a self-hosted WOM mounts them and at
 * `/v2/…` as the public service does. Its group is 1. Only what was recorded is served: anything
 * else is WOM's own 404 for an unknown endpoint.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'wom-recorded');

export const RECORDED_GROUP_ID = 1;

/** The two moments the group was recorded at: a first sync, and later after renames, joins, leaves. */
export type RecordedMoment = 'first-sync' | 'after-changes';

export function recordedFixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function recordedJson<T = unknown>(name: string): T {
  return JSON.parse(recordedFixture(name)) as T;
}

export interface RecordedError {
  name: string;
  request: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const recordedErrors = () => recordedJson<RecordedError[]>('errors-and-limits.json');

/** The recorded file that answers a path, for the group at `moment`; null when none was recorded. */
function fixtureFor(path: string, query: URLSearchParams, moment: RecordedMoment): string | null {
  const group = `/groups/${RECORDED_GROUP_ID}`;
  const achievementsAt = (offset: string) =>
    query.get('limit') === '50' && ['0', '50'].includes(offset)
      ? `group-achievements.limit50-offset${offset}.json`
      : null;
  const files: Record<string, string | null> = {
    [group]: `group-details.${moment}.json`,
    [`${group}/bulk-hiscores`]: `group-bulk-hiscores.${moment}.json`,
    [`${group}/statistics`]: 'group-statistics.json',
    [`${group}/competitions`]: 'group-competitions.json',
    [`${group}/achievements`]: achievementsAt(query.get('offset') ?? '0'),
    '/competitions/2': 'competition-team-finished.json',
    '/competitions/3': 'competition-classic-finished.json',
    '/competitions/4': 'competition-upcoming.json',
    '/competitions/5': 'competition-team-ongoing.json',
    '/players/id/6': 'player-by-id.json',
    '/players/id/31': 'player-by-id.never-updated.json',
    '/players/qa%20owner': 'player-by-name.json',
  };
  return files[path] ?? null;
}

/** Answers recorded for a request that also succeeds: they are served only when a test asks. */
const ON_DEMAND = new Set(['rate-limited', 'invalid-api-key']);

/** A recorded answer for the request other than a success (status, headers, body). */
function recordedErrorFor(method: string, url: string): RecordedError | undefined {
  return recordedErrors().find(
    (error) => !ON_DEMAND.has(error.name) && error.request === `${method} /v2${url}`,
  );
}

export interface RecordedWom {
  /** `http://127.0.0.1:port` — a self-hosted WOM's base; add `/v2` for the public service's. */
  url: string;
  /** Which recording of the group the next requests get. */
  moment: RecordedMoment;
  /** The path and query of every request, in order. */
  requests: string[];
  /** Answer the next `count` requests with the recorded 429. */
  rateLimitNext(count: number): void;
  close(): Promise<void>;
}

const LIMIT_PER_MINUTE = 20;

export async function startRecordedWom(): Promise<RecordedWom> {
  let limitedLeft = 0;
  let remaining = LIMIT_PER_MINUTE;
  const state: Pick<RecordedWom, 'moment' | 'requests'> = { moment: 'first-sync', requests: [] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://wom');
    const path = url.pathname.replace(/^\/v2(?=\/)/, '');
    const pathAndQuery = `${path}${url.search}`;
    state.requests.push(pathAndQuery);
    const rateLimitError = recordedErrors().find((error) => error.name === 'rate-limited');
    const answer =
      limitedLeft > 0
        ? rateLimitError
        : (recordedErrorFor(request.method ?? 'GET', pathAndQuery) ??
          (() => {
            const file = fixtureFor(path, url.searchParams, state.moment);
            if (file !== null) return { status: 200, headers: {}, text: recordedFixture(file) };
            // Only two players were recorded by id: any other is WOM's answer for a player it lacks.
            const missing = /^\/players\/id\/\d+$/.test(path) ? 'player-id-not-found' : 'unknown-endpoint';
            return recordedErrors().find((error) => error.name === missing);
          })());
    if (limitedLeft > 0) limitedLeft -= 1;
    else remaining = Math.max(0, remaining - 1);
    const status = answer?.status ?? 500;
    const body = answer && 'text' in answer ? answer.text : JSON.stringify(answer?.body ?? {});
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'ratelimit-limit': String(LIMIT_PER_MINUTE),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': '60',
      ...(answer && 'headers' in answer ? answer.headers : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    rateLimitNext(count: number) {
      limitedLeft = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
