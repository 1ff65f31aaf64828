/**
 * `npm run bench:feed-bytes`: what a Clan Feed page of 20 screenshots sends (issue 29). The
 * production build in demo mode; 20 users each claim a character and post, through the receiver, a
 * notable moment with a full-HD game screenshot (a 1920 × 1080 PNG of colour patches under a fine
 * grain, about as many megabytes as a real one). Then it reads the feed's first page as a visitor
 * would and counts the bytes of its JSON and of every picture it shows: before issue 29 the feed
 * showed each upload as it came (its PNG), now it shows the 320 px WebP thumbnail, and the full
 * picture only on a click.
 *
 * Also the memory: the app's resident memory settled before the posts, at its peak while they are
 * encoded and settled after, and the peak of the encoder's own process (decision 031). Exits
 * non-zero when a thumbnail is over DESIGN §9's 100 KB or a post is not stored.
 */
import { execFileSync } from 'node:child_process';
import { freePort } from '../src/test/free-port.ts';
import { noisyPng } from '../src/test/noisy-png.ts';
import type { FeedPage } from '../src/core/dink/dink.schema.ts';
import { startApp } from './lib/app-process.ts';
import { prepareDinkAddresses, type DinkAddress } from './lib/dink-addresses.ts';
import { rssMb, settledRssMb, watchPeakRss } from './lib/process-stats.ts';
import { formatGrid } from './lib/table.ts';

const SCREENSHOTS = 20;
const CLAN = 40;
const THUMBNAIL_BUDGET = 100 * 1024;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pet as Dink sends it, with the screenshot, named so the feed shows which post it is. */
async function postScreenshot(base: string, address: DinkAddress, index: number, png: Buffer) {
  const payload = {
    type: 'PET',
    playerName: address.name,
    accountType: 'NORMAL',
    dinkAccountHash: address.accountHash,
    content: '%USERNAME% has a funny feeling like they would have been followed...',
    embeds: [],
    extra: { petName: `Bench pet ${index}`, milestone: '', duplicate: false },
  };
  const form = new FormData();
  form.append('payload_json', JSON.stringify(payload));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  const started = performance.now();
  const response = await fetch(`${base}/api/dink/${address.token}`, { method: 'POST', body: form });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`post ${index} answered ${response.status}: ${text}`);
  return performance.now() - started;
}

/** The encoder's process, a child of the app's, once a screenshot has started it. */
function encoderPid(appPid: number): number | null {
  try {
    const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(appPid)], { encoding: 'utf8' });
    const line = lines.split('\n').find((entry) => entry.includes('screenshot-encoder-process'));
    return line ? Number(line.trim().split(/\s+/)[0]) : null;
  } catch {
    return null;
  }
}

async function bytesOf(url: string): Promise<number> {
  // Without Accept-Encoding: WebP is not compressed again, and the JSON counts as sent uncompressed.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

const pngs: Buffer[] = [];
for (let index = 0; index < SCREENSHOTS; index += 1) pngs.push(await noisyPng(1920, 1080, 1000 + index));

const app = await startApp(await freePort(), CLAN, { env: { TRUST_PROXY: '1' } });
const problems: string[] = [];
try {
  const addresses = await prepareDinkAddresses(app.base, SCREENSHOTS);
  const idle = await settledRssMb(app.pid);
  const appPeak = watchPeakRss(app.pid);
  let encoderPeak: { stop(): number } | null = null;
  const watchEncoder = setInterval(() => {
    const pid = encoderPeak ? null : encoderPid(app.pid);
    if (pid !== null) encoderPeak = watchPeakRss(pid, 50);
  }, 50);
  const answerMs: number[] = [];
  for (const [index, address] of addresses.entries()) {
    answerMs.push(await postScreenshot(app.base, address, index, pngs[index]!));
  }
  clearInterval(watchEncoder);
  const encoderMb = (encoderPeak as { stop(): number } | null)?.stop() ?? null;
  const peak = appPeak.stop();

  // The moments job runs every 2 s in demo mode: wait for all 20 on the feed's first page.
  const ours = new Set(addresses.map((address) => address.womId));
  let page: FeedPage = { items: [], next_cursor: null };
  for (let waited = 0; waited < 30_000; waited += 500) {
    page = (await (await fetch(`${app.base}/api/feed`)).json()) as FeedPage;
    if (page.items.filter((item) => ours.has(item.wom_id) && item.image_url).length === SCREENSHOTS) break;
    await sleep(500);
  }
  const shown = page.items.filter((item) => ours.has(item.wom_id) && item.image_url && item.thumbnail_url);
  if (shown.length !== SCREENSHOTS)
    problems.push(`${shown.length} of ${SCREENSHOTS} screenshots on the feed`);

  const json = await bytesOf(`${app.base}/api/feed`);
  const thumbnails = await Promise.all(shown.map((item) => bytesOf(`${app.base}${item.thumbnail_url}`)));
  const fulls = await Promise.all(shown.map((item) => bytesOf(`${app.base}${item.image_url}`)));
  const uploaded = pngs.reduce((sum, png) => sum + png.length, 0);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const after = sum(thumbnails);
  const settled = await settledRssMb(app.pid);
  const largest = Math.max(...thumbnails);
  if (largest > THUMBNAIL_BUDGET) problems.push(`a thumbnail of ${kib(largest)}`);

  const rows = [
    [
      'screenshots uploaded',
      `${SCREENSHOTS} PNGs of 1920 × 1080, ${mib(uploaded)} (${mib(uploaded / SCREENSHOTS)} each)`,
      '',
    ],
    ['feed page JSON (20 moments)', kib(json), ''],
    [
      'feed page pictures, before (the uploads)',
      `${mib(uploaded)}, ${mib(uploaded + json)} with the JSON`,
      '',
    ],
    [
      'feed page pictures, after (thumbnails)',
      `${kib(after)} (${kib(after / SCREENSHOTS)} each, largest ${kib(largest)}), ${kib(after + json)} with the JSON: ${(uploaded / after).toFixed(0)}× less`,
      '≤ 100 KB each',
    ],
    ['one full picture, on a click', `${kib(sum(fulls) / SCREENSHOTS)} on average (1280 × 720 WebP)`, ''],
    [
      'post to answer, screenshot encoded on arrival',
      `${Math.round(Math.min(...answerMs))}–${Math.round(Math.max(...answerMs))} ms (first one starts the encoder)`,
      '',
    ],
    ['app RSS, settled before the posts', `${idle.toFixed(0)} MB`, ''],
    ['app RSS, peak while they were encoded', `${peak.toFixed(0)} MB`, ''],
    ['app RSS, settled after', `${settled.toFixed(0)} MB`, ''],
    [
      'encoder process RSS, peak',
      encoderMb === null
        ? 'not seen'
        : `${encoderMb.toFixed(0)} MB (ends a minute after the last screenshot)`,
      '',
    ],
  ];
  process.stdout.write(
    `\nA Clan Feed page of ${SCREENSHOTS} screenshots; app = production build in demo mode (${CLAN} members, SQLite), now ${rssMb(app.pid).toFixed(0)} MB\n\n${formatGrid(['what', 'figure', 'target'], rows)}\n`,
  );
} finally {
  await app.stop();
}
for (const problem of problems) process.stderr.write(`bench:feed-bytes: ${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);
