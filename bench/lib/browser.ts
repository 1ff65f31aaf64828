import type { Browser, Page, Request } from '@playwright/test';

export interface PageFigures {
  /** Compressed bytes of JavaScript and CSS as sent (encoded body sizes). */
  jsBytes: number;
  cssBytes: number;
  /** Milliseconds from navigation start to the first frame showing `ready`, median of the runs. */
  medianMs: number;
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

/** Opens `url` `runs` times, each in a fresh context (a cold cache), and measures what it took. */
export async function measurePage(
  browser: Browser,
  url: string,
  ready: string,
  options: { runs: number; throttled: boolean },
): Promise<PageFigures> {
  const times: number[] = [];
  let jsBytes = 0;
  let cssBytes = 0;
  for (let run = 0; run < options.runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (options.throttled) await throttle(page);
    await page.addInitScript(recordWhenShown, ready);
    const finished: Request[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') finished.push(request);
    });
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as Record<string, number>)['__shownAt'] !== undefined,
    );
    const shown = await page.evaluate(() => ({
      afterNavigation: (window as unknown as Record<string, number>)['__shownAt'] as number,
      epoch: performance.timeOrigin + ((window as unknown as Record<string, number>)['__shownAt'] as number),
    }));
    times.push(shown.afterNavigation);
    // Only what was asked for before the page showed: code loaded later, when idle, is not the first page's.
    const firstPage = finished.filter((request) => request.timing().startTime <= shown.epoch);
    const sizes = await Promise.all(
      firstPage.map(async (request) => ({
        type: request.resourceType(),
        bytes: (await request.sizes()).responseBodySize,
      })),
    );
    jsBytes = sizes.filter((s) => s.type === 'script').reduce((sum, s) => sum + s.bytes, 0);
    cssBytes = sizes.filter((s) => s.type === 'stylesheet').reduce((sum, s) => sum + s.bytes, 0);
    await context.close();
  }
  return { jsBytes, cssBytes, medianMs: median(times) };
}
