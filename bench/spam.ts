/**
 * `npm run bench:spam`: one free account tries to bloat the site (issue 19), then visitors read what
 * it made. The production build in demo mode (SPAM_MEMBERS, default 500), one user with a claimed
 * character who tries SPAM_ATTEMPTS (default 1,000) public races of 50 participants with 2,000-
 * character descriptions and as many goals, 10 at a time; then SPAM_READERS (default 20) clients read
 * what /progress reads for SPAM_SECONDS (default 20), while a prober asks /api/health 20 times a
 * second. Prints what was created and refused (by status), the public lists' sizes, /api/health's
 * p50 and p99 under the readers, and the app's RSS peak; exits non-zero if a request failed with a
 * 5xx or a network error, if the caps let more through than they allow, or if /api/health p99
 * reaches 100 ms or RSS 200 MB.
 */
import autocannon from 'autocannon';
import { freePort } from '../src/test/free-port.ts';
import { BENCH_ADMIN, startApp } from './lib/app-process.ts';
import { probeHealth } from './lib/health-probe.ts';
import { percentile } from './lib/percentiles.ts';
import { rssMb, watchPeakRss } from './lib/process-stats.ts';
import { answerTo, expect, type Visitor } from './lib/soak-client.ts';
import { formatTable, type Row } from './lib/table.ts';

const MEMBERS = Number(process.env.SPAM_MEMBERS ?? 500);
const ATTEMPTS = Number(process.env.SPAM_ATTEMPTS ?? 1000);
const READERS = Number(process.env.SPAM_READERS ?? 20);
const SECONDS = Number(process.env.SPAM_SECONDS ?? 20);
const AT_ONCE = 10;
const PARTICIPANTS = 50;
/** What the /progress page asks for as it opens (its first pages). */
const PROGRESS_READS = ['/progress', '/api/races?scope=public', '/api/user-goals?scope=public'];
const HEALTH_EVERY_MS = 50;
const BUDGET = { healthP99Ms: 100, rssMb: 200 };
/** Issue 19's caps: open races per creator, active goals per character. */
const CAPS = { races: 25, goals: 50 };

/** `attempts` calls of `one`, `AT_ONCE` at a time; the count of each status. */
async function tally(
  attempts: number,
  one: (i: number) => Promise<number | null>,
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < attempts; i = next++) {
      const status = String((await one(i)) ?? 'network error');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return statuses;
}

const statusesCell = (statuses: Map<string, number>) =>
  [...statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

async function trackedMembers(base: string, visitor: Visitor, count: number): Promise<string[]> {
  const members = await expect<Array<{ wom_id: string }>>(base, visitor, { path: '/api/members' }, 200);
  const tracked: string[] = [];
  for (const { wom_id: womId } of members) {
    if (tracked.length === count) break;
    const player = await answerTo(base, visitor, { path: `/api/wom-player?id=${womId}` });
    if ((player.json as { latestSnapshot?: unknown } | null)?.latestSnapshot) tracked.push(womId);
  }
  return tracked;
}

const app = await startApp(await freePort(), MEMBERS);
const problems: string[] = [];
try {
  const base = app.base;
  const admin: Visitor = { address: '10.99.0.1', cookie: null };
  await expect(base, admin, { method: 'POST', path: '/api/auth/login', body: BENCH_ADMIN }, 200);
  const tracked = await trackedMembers(base, admin, PARTICIPANTS);
  const spammer: Visitor = { address: '10.66.0.1', cookie: null };
  const account = { username: 'spammer', password: 'spam-password-1', confirm_password: 'spam-password-1' };
  await expect(base, spammer, { method: 'POST', path: '/api/auth/register', body: account }, 201);
  const character = tracked[0] as string;
  const { code } = await expect<{ code: string }>(
    base,
    admin,
    { method: 'POST', path: '/api/admin/claim-codes', body: { wom_id: character } },
    201,
  );
  await expect(base, spammer, { method: 'POST', path: '/api/claims/redeem', body: { code } }, 200);

  const rssBefore = rssMb(app.pid);
  const writesPeak = watchPeakRss(app.pid);
  const description = 'x'.repeat(2000);
  const races = await tally(ATTEMPTS, async (i) => {
    const body = {
      title: `Spam race ${i}`,
      description,
      public: true,
      participants: tracked.map((womId) => ({ wom_id: womId, metric: 'attack', target_value: 1_000_000 })),
    };
    return (await answerTo(base, spammer, { method: 'POST', path: '/api/races', body })).status;
  });
  const goals = await tally(ATTEMPTS, async (i) => {
    const body = { wom_id: character, metric: 'attack', mode: 'gain', value: 1000 + i, public: true };
    return (await answerTo(base, spammer, { method: 'POST', path: '/api/user-goals', body })).status;
  });
  const writesRss = writesPeak.stop();

  const sizes = await Promise.all(
    PROGRESS_READS.map(async (path) => {
      const response = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
      // fetch decodes the body; the header tells what was sent.
      const sent = Number(response.headers.get('content-length'));
      return { path, status: response.status, sent, bytes: (await response.arrayBuffer()).byteLength };
    }),
  );

  const readersPeak = watchPeakRss(app.pid);
  const health = probeHealth(base, HEALTH_EVERY_MS);
  const reading = await autocannon({
    url: base,
    connections: READERS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: PROGRESS_READS.map((path) => ({ method: 'GET' as const, path })),
  });
  const probed = await health.stop();
  const readersRss = readersPeak.stop();

  const created = (statuses: Map<string, number>) => statuses.get('201') ?? 0;
  const serverErrors = [...races, ...goals].filter(([status]) => !/^[1-4]\d\d$/.test(status));
  const healthLatencies = [...probed.latencies].sort((a, b) => a - b);
  const healthP50 = percentile(healthLatencies, 50);
  const healthP99 = percentile(healthLatencies, 99);
  const readErrors = reading.errors + reading.timeouts + reading.non2xx;
  const rows: Row[] = [
    {
      what: `${ATTEMPTS} public races of ${PARTICIPANTS} (one account)`,
      app: statusesCell(races),
      target: `≤ ${CAPS.races} created`,
    },
    {
      what: `${ATTEMPTS} goals on one character`,
      app: statusesCell(goals),
      target: `≤ ${CAPS.goals} created`,
    },
    ...sizes.map(({ path, status, sent, bytes }) => ({
      what: `GET ${path} afterwards`,
      app: `${status} · ${(sent / 1024).toFixed(1)} KiB brotli (${(bytes / 1024).toFixed(1)} KiB)`,
    })),
    {
      what: `${READERS} readers of /progress for ${SECONDS} s`,
      app: `${Math.round(reading.requests.average).toLocaleString('en-US')}/s · p99 ${reading.latency.p99} ms · ${readErrors} errors`,
    },
    {
      what: `/api/health under the readers (every ${HEALTH_EVERY_MS} ms)`,
      app: `p50 ${healthP50.toFixed(1)} · p99 ${healthP99.toFixed(1)} ms · ${probed.failures} failures`,
      target: `p99 < ${BUDGET.healthP99Ms} ms`,
    },
    {
      what: 'app RSS before / peak while spammed / peak under the readers',
      app: `${Math.round(rssBefore)} / ${Math.round(writesRss)} / ${Math.round(readersRss)} MB`,
      target: `< ${BUDGET.rssMb} MB`,
    },
  ];
  process.stdout.write(
    `\n${MEMBERS} members; app = production build in demo mode (SQLite)\n\n${formatTable(rows)}\n`,
  );

  problems.push(
    ...serverErrors.map(([status, count]) => `${count} spam requests answered ${status}`),
    ...(created(races) > CAPS.races ? [`${created(races)} races created`] : []),
    ...(created(goals) > CAPS.goals ? [`${created(goals)} goals created`] : []),
    ...(readErrors > 0 ? [`${readErrors} failed reads`] : []),
    ...(probed.failures > 0 ? [`${probed.failures} failed health checks`] : []),
    ...(healthP99 >= BUDGET.healthP99Ms ? [`/api/health p99 ${healthP99.toFixed(1)} ms`] : []),
    ...(Math.max(writesRss, readersRss) >= BUDGET.rssMb ? ['RSS over budget'] : []),
  );
  for (const problem of problems) process.stderr.write(`spam: ${problem}\n`);
} finally {
  await app.stop();
}
process.exit(problems.length > 0 ? 1 : 0);
