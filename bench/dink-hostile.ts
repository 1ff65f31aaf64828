/**
 * `npm run bench:dink-hostile`: hostile posts to valid Dink addresses (issue 29: an 8.9 MB body of
 * 99,000 empty parts held /api/health for 16-18 s) while a prober in a process of its own asks
 * /api/health every 50 ms. The production build in demo mode (DINK_CLAN members, default 20);
 * HOSTILE_ADDRESSES (default 4) users each make a Dink address, one more posts Dink's own
 * notifications once a second. Then, open-loop,
 * HOSTILE_RATE hostile posts a second (default 2) for HOSTILE_SECONDS (default 20), taking turns:
 * the 99,000 empty parts, the same after a real notification, a 9 MB screenshot with its length
 * stated, and one streamed without a length. Prints each kind's answers and latency, /api/health's
 * p50 and p99 alone for QUIET_SECONDS (default 10) and then under the posts, the member's own posts,
 * and the app's CPU and RSS peak; exits non-zero if a hostile post is answered otherwise than its
 * 400 or 413 (a reset included), a hostile post is stored, a member's post is not stored, or
 * /api/health fails or reaches p99 100 ms under the posts. DINK_DATABASE_URL runs it on PostgreSQL
 * (a database used as it is); by default a throwaway SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseDatabaseUrl } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { demoDinkPost } from '../src/server/demo/demo-dink-posts.ts';
import { freePort } from '../src/test/free-port.ts';
import { statusOf } from '../src/test/raw-connection.ts';
import { startApp } from './lib/app-process.ts';
import { prepareDinkAddresses, type DinkAddress } from './lib/dink-addresses.ts';
import { probeHealth } from './lib/health-probe.ts';
import { percentile } from './lib/percentiles.ts';
import { cpuMs, watchPeakRss } from './lib/process-stats.ts';
import { formatGrid } from './lib/table.ts';

const CLAN = Number(process.env.DINK_CLAN ?? 20);
const HOSTILE_ADDRESSES = Number(process.env.HOSTILE_ADDRESSES ?? 4);
const RATE = Number(process.env.HOSTILE_RATE ?? 2);
const SECONDS = Number(process.env.HOSTILE_SECONDS ?? 20);
/** Seconds /api/health is timed alone first: the machine's own figure, to read the attack's against. */
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS ?? 10);
const HEALTH_EVERY_MS = 50;
const MEMBER_EVERY_MS = 1000;
const BUDGET = { healthP99Ms: 100 };

const FORM_TYPE = 'multipart/form-data; boundary=B';
const EMPTY_PARTS = Buffer.from(
  '--B\r\nContent-Disposition: form-data; name="a"; filename="a"\r\nContent-Type: image/png\r\n\r\n\r\n'.repeat(
    99_000,
  ),
);
const FORM_END = Buffer.from('--B--\r\n');
const BIG_FILE = Buffer.alloc(9 * 1024 * 1024, 7);

/** A notification of the address's character, new for each index (so never a repeat). */
function notificationOf(address: DinkAddress, index: number): string {
  const { payload } = demoDinkPost(29, index, { womId: address.womId, name: address.name }, new Date());
  return JSON.stringify({ ...payload, content: `post ${index}`, dinkAccountHash: address.accountHash });
}

const notificationPart = (address: DinkAddress) =>
  Buffer.from(
    `--B\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n${notificationOf(address, 0)}\r\n`,
  );

interface Hostile {
  name: string;
  expected: number;
  /** Sent as a stream, without a stated length. */
  streamed?: boolean;
  body(address: DinkAddress): Buffer;
}

const emptyParts = Buffer.concat([EMPTY_PARTS, FORM_END]);
const bigForm = (address: DinkAddress) =>
  Buffer.concat([
    notificationPart(address),
    Buffer.from(
      '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    ),
    BIG_FILE,
    Buffer.from('\r\n'),
    FORM_END,
  ]);

const HOSTILE: Hostile[] = [
  { name: '99,000 empty parts (8.9 MB)', expected: 400, body: () => emptyParts },
  {
    name: 'a notification, then 99,000 empty parts',
    expected: 400,
    body: (address) => Buffer.concat([notificationPart(address), EMPTY_PARTS, FORM_END]),
  },
  { name: 'a 9 MB screenshot, length stated', expected: 413, body: bigForm },
  { name: 'a 9 MB screenshot, streamed without a length', expected: 413, streamed: true, body: bigForm },
];

/** A request's bytes as they go on the wire: chunked when streamed, else with its length. */
function requestBytes(port: number, token: string, hostile: Hostile, body: Buffer): Buffer {
  const framing = hostile.streamed ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  const head = `POST /api/dink/${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${FORM_TYPE}\r\n${framing}\r\n\r\n`;
  if (!hostile.streamed) return Buffer.concat([Buffer.from(head), body]);
  const chunks: Buffer[] = [Buffer.from(head)];
  for (let at = 0; at < body.length; at += 65536) {
    const chunk = body.subarray(at, at + 65536);
    chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(chunks);
}

/**
 * Every request, built before the clock starts. They go out on plain sockets, as a script would
 * send them: fetch's own handling of megabytes of body stalls the sending process for hundreds of
 * milliseconds, which would slow the answers it times.
 */
function requestsOf(port: number, addresses: DinkAddress[]): Map<Hostile, Map<DinkAddress, Buffer>> {
  return new Map(
    HOSTILE.map((hostile) => [
      hostile,
      new Map(
        addresses.map((address) => [
          address,
          requestBytes(port, address.token, hostile, hostile.body(address)),
        ]),
      ),
    ]),
  );
}

interface Sent {
  kind: string;
  status: number | null;
  ms: number;
}

async function post(base: string, token: string, kind: string, init: RequestInit): Promise<Sent> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/dink/${token}`, init);
    await response.arrayBuffer();
    return { kind, status: response.status, ms: performance.now() - started };
  } catch {
    return { kind, status: null, ms: performance.now() - started };
  }
}

/**
 * Sends one request on its own connection and settles with the answer's status once the answer is
 * in full; null when the connection broke first (a reset, or closed before the answer).
 */
function postRaw(port: number, kind: string, request: Buffer): Promise<Sent> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const settle = (status: number | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ kind, status, ms: performance.now() - started });
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received.slice(0, headEnd))?.[1] ?? 0);
      if (received.length >= headEnd + 4 + length) settle(statusOf(received));
    });
    socket.on('error', () => settle(null));
    socket.on('close', () => settle(null));
    socket.write(request);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The hostile posts at their times (start + k / RATE), never waiting for earlier answers. */
async function attack(
  port: number,
  addresses: DinkAddress[],
  requests: Map<Hostile, Map<DinkAddress, Buffer>>,
): Promise<Sent[]> {
  const start = performance.now();
  const inFlight: Array<Promise<Sent>> = [];
  for (let k = 0; k < RATE * SECONDS; k += 1) {
    const wait = start + (k * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const hostile = HOSTILE[k % HOSTILE.length]!;
    const address = addresses[k % addresses.length]!;
    inFlight.push(postRaw(port, hostile.name, requests.get(hostile)!.get(address)!));
  }
  return Promise.all(inFlight);
}

/** The member's own posts, once a second until `until` settles. */
async function memberPosts(base: string, address: DinkAddress, until: Promise<unknown>): Promise<Sent[]> {
  let running = true;
  void until.finally(() => (running = false));
  const sent: Sent[] = [];
  for (let index = 1; running; index += 1) {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: notificationOf(address, index),
    };
    sent.push(await post(base, address.token, 'member', init));
    await sleep(MEMBER_EVERY_MS);
  }
  return sent;
}

/**
 * The posts stored for each address's account, read from the database after the run (the demo
 * clan's own posts for the same characters carry other account hashes).
 */
async function storedPerAddress(databaseUrl: string, addresses: DinkAddress[]): Promise<Map<string, number>> {
  const database = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const rows = await database.db
      .selectFrom('dink_posts')
      .select(['wom_id', 'payload'])
      .where(
        'wom_id',
        'in',
        addresses.map((address) => address.womId),
      )
      .execute();
    return new Map(
      addresses.map((address) => [
        address.womId,
        rows.filter((row) => row.wom_id === address.womId && row.payload.includes(`"${address.accountHash}"`))
          .length,
      ]),
    );
  } finally {
    await database.close();
  }
}

const statusesOf = (sent: Sent[]) => {
  const counts = new Map<string, number>();
  for (const entry of sent) {
    const key = String(entry.status ?? 'network error');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(', ');
};

const latencyOf = (sent: Sent[]) => {
  const sorted = sent.map((entry) => entry.ms).sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} · max ${sorted.at(-1)!.toFixed(0)} ms`;
};

const dir = mkdtempSync(join(tmpdir(), 'clan-bench-dink-hostile-'));
const databaseUrl = process.env.DINK_DATABASE_URL ?? `sqlite:${join(dir, 'clan.db')}`;
const problems: string[] = [];
try {
  const app = await startApp(await freePort(), CLAN, { databaseUrl });
  let hostile: Sent[];
  let member: Sent[];
  let quiet: { latencies: number[]; failures: number };
  let health: { latencies: number[]; failures: number };
  let peakRss: number;
  let serverCpuMs: number;
  let clientDelay: ReturnType<typeof monitorEventLoopDelay>;
  let addresses: DinkAddress[];
  try {
    addresses = await prepareDinkAddresses(app.base, HOSTILE_ADDRESSES + 1);
    const port = Number(new URL(app.base).port);
    const requests = requestsOf(port, addresses.slice(1));
    const alone = probeHealth(app.base, HEALTH_EVERY_MS);
    await sleep(QUIET_SECONDS * 1000);
    quiet = await alone.stop();
    // The prober runs apart; the posts' own stalls are reported beside it all the same.
    clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const memory = watchPeakRss(app.pid);
    const cpuBefore = cpuMs(app.pid);
    const prober = probeHealth(app.base, HEALTH_EVERY_MS);
    const attacked = attack(port, addresses.slice(1), requests);
    [hostile, member] = await Promise.all([attacked, memberPosts(app.base, addresses[0]!, attacked)]);
    health = await prober.stop();
    clientDelay.disable();
    peakRss = memory.stop();
    serverCpuMs = cpuMs(app.pid) - cpuBefore;
  } finally {
    await app.stop();
  }

  const stored = await storedPerAddress(databaseUrl, addresses);
  const hostileStored = addresses
    .slice(1)
    .reduce((sum, address) => sum + (stored.get(address.womId) ?? 0), 0);
  const healthSorted = [...health.latencies].sort((a, b) => a - b);
  const healthP99 = percentile(healthSorted, 99);
  const healthCell = (probed: { latencies: number[]; failures: number }) => {
    const sorted = [...probed.latencies].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(1)} · p99 ${percentile(sorted, 99).toFixed(1)} · max ${sorted.at(-1)!.toFixed(1)} ms · ${probed.failures} failures`;
  };
  const rows = HOSTILE.map((kind) => {
    const sent = hostile.filter((entry) => entry.kind === kind.name);
    return [kind.name, `${statusesOf(sent)}; ${latencyOf(sent)}`, `${kind.expected}, read in full`];
  });
  rows.push(
    ['hostile posts stored', String(hostileStored), '0'],
    [`/api/health every ${HEALTH_EVERY_MS} ms, ${QUIET_SECONDS} s alone first`, healthCell(quiet), ''],
    [
      `/api/health every ${HEALTH_EVERY_MS} ms under the posts`,
      healthCell(health),
      `p99 < ${BUDGET.healthP99Ms} ms`,
    ],
    [
      'a member posting once a second',
      `${statusesOf(member)}; ${latencyOf(member)}; ${stored.get(addresses[0]!.womId) ?? 0} stored`,
      'each 202 and stored',
    ],
    [
      "the bench's own event-loop delay under the posts",
      `p99 ${(clientDelay.percentile(99) / 1e6).toFixed(1)} · max ${(clientDelay.max / 1e6).toFixed(1)} ms`,
      'small beside the figures above',
    ],
    ['app CPU for the whole run', `${(serverCpuMs / 1000).toFixed(1)} s in ${SECONDS} s`, ''],
    ['app RSS peak', `${peakRss.toFixed(0)} MB`, ''],
  );
  const database = databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
  process.stdout.write(
    `\nHostile Dink posts, ${RATE} a second for ${SECONDS} s to ${HOSTILE_ADDRESSES} addresses; app = production build in demo mode (${CLAN} members, ${database})\n\n${formatGrid(['what', 'figure', 'target'], rows)}\n`,
  );

  const expectedOf = new Map(HOSTILE.map((kind) => [kind.name, kind.expected]));
  const misanswered = hostile.filter((entry) => entry.status !== expectedOf.get(entry.kind));
  const memberRefused = member.filter((entry) => entry.status !== 202);
  problems.push(
    ...(misanswered.length > 0
      ? [`${misanswered.length} hostile posts not answered with their 400 or 413`]
      : []),
    ...(hostileStored > 0 ? [`${hostileStored} hostile posts stored`] : []),
    ...(memberRefused.length > 0 ? [`${memberRefused.length} member posts not answered 202`] : []),
    ...((stored.get(addresses[0]!.womId) ?? 0) !== member.length ? ['member posts not all stored'] : []),
    ...(health.failures > 0 ? [`${health.failures} failed health checks`] : []),
    ...(healthP99 >= BUDGET.healthP99Ms ? [`/api/health p99 ${healthP99.toFixed(1)} ms`] : []),
  );
  for (const problem of problems) process.stderr.write(`bench:dink-hostile: ${problem}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(problems.length > 0 ? 1 : 0);
