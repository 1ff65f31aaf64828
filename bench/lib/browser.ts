import type { Browser, Page, Request } from '@playwright/test';

export interface PageBytes {
  /** Compressed bytes of JavaScript and CSS as sent (encoded body sizes). */
  jsBytes: number;
  cssBytes: number;
}

/** A link like the slow case: 40 ms each way and 10 Mbit/s. */
export const THROTTLED = { latencyMs: 40, bitsPerSecond: 10_000_000 };

/**
 * Records, in the page itself, when an element matching `selector` is first in the document and a
 * frame is about to be painted with it: no polling from outside skews the figure.
 */
function recordWhenShown(selector: string) {
  const key = '__shownAt';
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector) === null) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      (window as unknown as Record<string, number>)[key] = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function throttle(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLED.latencyMs,
    downloadThroughput: THROTTLED.bitsPerSecond / 8,
    uploadThroughput: THROTTLED.bitsPerSecond / 8,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A fresh context (a cold cache), optionally throttled, whose pages record when `ready` shows. */
async function openCold(browser: Browser, ready: string, throttled: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (throttled) await throttle(page);
  await page.addInitScript(recordWhenShown, ready);
  return { context, page };
}

async function shownAt(page: Page): Promise<number> {
  const read = () => (window as unknown as { __shownAt?: number }).__shownAt;
  await page.waitForFunction(read);
  return (await page.evaluate(read)) as number;
}

/**
 * Milliseconds from navigation start to the first frame showing `ready`, median of `runs` cold
 * loads; on a throttled link when asked.
 */
export async function medianTimeToShow(
  browser: Browser,
  url: string,
  ready: string,
  options: { runs: number; throttled: boolean },
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const { context, page } = await openCold(browser, ready, options.throttled);
    await page.goto(url);
    times.push(await shownAt(page));
    await context.close();
  }
  return median(times);
}

/**
 * The JavaScript and CSS a page needs to show `ready`, as sent. Idle-time work (the spec's prefetch
 * of data and icons, which may start while the page's own code is still on its way) is held back
 * in this run, so only the page's own code is counted.
 */
export async function firstPageBytes(browser: Browser, url: string, ready: string): Promise<PageBytes> {
  const { context, page } = await openCold(browser, ready, false);
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type === 'script' || type === 'stylesheet') finished.push(request);
  });
  await page.goto(url);
  await shownAt(page);
  const sizes = await Promise.all(
    finished.map(async (request) => ({
      type: request.resourceType(),
      bytes: (await request.sizes()).responseBodySize,
    })),
  );
  await context.close();
  const total = (type: string) => sizes.filter((s) => s.type === type).reduce((sum, s) => sum + s.bytes, 0);
  return { jsBytes: total('script'), cssBytes: total('stylesheet') };
}
