import { execFileSync } from 'node:child_process';
import type { FeedPage } from '../../src/core/dink/dink.schema.ts';
import { freePort } from '../../src/test/free-port.ts';
import { noisyPng } from '../../src/test/noisy-png.ts';
import { startApp } from './app-process.ts';
import { prepareDinkAddresses, type DinkAddress } from './dink-addresses.ts';
import { rssMb, settledRssMb, watchPeakRss } from './process-stats.ts';
import type { Row } from './table.ts';

const SCREENSHOTS = 20;
const CLAN = 40;
/** DESIGN §9: a feed page sends thumbnails of at most 100 KB each. */
const THUMBNAIL_BUDGET = 100 * 1024;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const mb = (value: number) => `${Math.round(value)} MB`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
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

/** Follows the encoder's peak memory from when a screenshot starts it. */
function watchEncoder(appPid: number): { stop(): number | null } {
  let peak: { stop(): number } | null = null;
  const timer = setInterval(() => {
    const pid = peak ? null : encoderPid(appPid);
    if (pid !== null) peak = watchPeakRss(pid, 50);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak?.stop() ?? null;
    },
  };
}

async function bytesOf(url: string): Promise<number> {
  // Asked for as is: WebP is not compressed again, and the JSON counts as sent uncompressed.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** Waits for the moments job (every 2 s in demo mode) to put every post on the feed's first page. */
async function firstPageWith(base: string, posters: Set<string>): Promise<FeedPage['items']> {
  let shown: FeedPage['items'] = [];
  for (let waited = 0; waited < 30_000 && shown.length < SCREENSHOTS; waited += 500) {
    if (waited > 0) await sleep(500);
    const page = (await (await fetch(`${base}/api/feed`)).json()) as FeedPage;
    shown = page.items.filter((item) => posters.has(item.wom_id) && item.image_url && item.thumbnail_url);
  }
  return shown;
}

/**
 * A Clan Feed page of 20 screenshots (issue 29), on the production build in demo mode: 20 users each
 * claim a character and post, through the receiver, a notable moment with a full-HD screenshot (a
 * 1920 × 1080 PNG of colour patches under a fine grain, as many megabytes as a real one). Then the
 * feed's first page is read as a visitor reads it: its JSON and every picture it shows. Before issue
 * 29 it showed each upload as it came; now the 320 px thumbnail, the full picture only on a click.
 * Also the app's memory around the posts and the encoder process's peak (decision 031).
 */
export async function measureFeedBytes(): Promise<{ rows: Row[]; problems: string[] }> {
  const pngs: Buffer[] = [];
  for (let index = 0; index < SCREENSHOTS; index += 1) pngs.push(await noisyPng(1920, 1080, 1000 + index));
  const app = await startApp(await freePort(), CLAN, { env: { TRUST_PROXY: '1' } });
  try {
    const addresses = await prepareDinkAddresses(app.base, SCREENSHOTS);
    const idle = await settledRssMb(app.pid);
    const appPeak = watchPeakRss(app.pid);
    const encoder = watchEncoder(app.pid);
    const answerMs: number[] = [];
    for (const [index, address] of addresses.entries()) {
      answerMs.push(await postScreenshot(app.base, address, index, pngs[index]!));
    }
    const encoderPeak = encoder.stop();
    const peak = appPeak.stop();
    const shown = await firstPageWith(app.base, new Set(addresses.map((address) => address.womId)));
    const json = await bytesOf(`${app.base}/api/feed`);
    const thumbnails = await Promise.all(shown.map((item) => bytesOf(`${app.base}${item.thumbnail_url}`)));
    const fulls = await Promise.all(shown.map((item) => bytesOf(`${app.base}${item.image_url}`)));
    const settled = await settledRssMb(app.pid);
    const uploaded = sum(pngs.map((png) => png.length));
    const after = sum(thumbnails);
    const largest = Math.max(...thumbnails);
    const problems = [
      ...(shown.length === SCREENSHOTS ? [] : [`${shown.length} of ${SCREENSHOTS} screenshots on the feed`]),
      ...(largest > THUMBNAIL_BUDGET ? [`a thumbnail of ${kib(largest)}`] : []),
    ];
    const rows: Row[] = [
      {
        what: `feed page of ${SCREENSHOTS} screenshots (1920 × 1080 PNGs uploaded), before: the uploads`,
        app: `${mib(uploaded)} (${mib(uploaded / SCREENSHOTS)} each) + ${kib(json)} JSON`,
      },
      {
        what: `feed page of ${SCREENSHOTS} screenshots, after: the thumbnails`,
        app: `${kib(after)} (${kib(after / SCREENSHOTS)} each, largest ${kib(largest)}) + ${kib(json)} JSON: ${(uploaded / after).toFixed(0)}× less`,
        target: '≤ 100 KB each',
      },
      {
        what: 'one full screenshot, on a click',
        app: `${kib(sum(fulls) / SCREENSHOTS)} on average (WebP, 1280 wide)`,
      },
      {
        what: 'screenshot post to answer, encoded on arrival',
        app: `${Math.round(Math.min(...answerMs))}–${Math.round(Math.max(...answerMs))} ms (the first starts the encoder)`,
      },
      {
        what: `app RSS around the ${SCREENSHOTS} posts: settled before, peak, settled after`,
        app: `${mb(idle)}, ${mb(peak)}, ${mb(settled)} (now ${mb(rssMb(app.pid))})`,
      },
      {
        what: 'encoder process RSS, peak (it ends a minute after the last screenshot)',
        app: encoderPeak === null ? 'not seen' : mb(encoderPeak),
      },
    ];
    return { rows, problems };
  } finally {
    await app.stop();
  }
}
