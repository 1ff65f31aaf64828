import type { Browser } from '@playwright/test';

export interface AdminTabTimes {
  /** Navigation start to the first frame with member rows. */
  rowsShown: number;
  /** Navigation start to the details of the first member shown, opened by a click as soon as rows showed. */
  firstRowOpened: number;
  /** Navigation start to the last of the clan's rows rendered (the table no longer busy). */
  allRows: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Records in the page when rows first show, then clicks the first row's details button at once and
 * records when its details appear, and when the table stops being busy: what an admin opening the
 * members tab can do, and when. (No named inner functions: the bench runs through tsx, whose
 * esbuild would wrap them in a helper the page does not have.)
 */
function recordMembersTab() {
  const times: Record<string, number> = {};
  (window as unknown as { __adminTab: Record<string, number> }).__adminTab = times;
  let clicked = false;
  new MutationObserver(() => {
    const toggle = document.querySelector<HTMLButtonElement>('table tbody tr button[aria-expanded]');
    const seen: string[] = [];
    if (toggle && !clicked) {
      clicked = true;
      seen.push('rowsShown');
      // As soon as the browser takes input after the rows' frame, as a person's click would come.
      setTimeout(() => toggle.click(), 0);
    }
    if (clicked && document.querySelector('table tbody tr[id]')) seen.push('firstRowOpened');
    if (clicked && document.querySelector('table[aria-busy="false"]')) seen.push('allRows');
    for (const key of seen) requestAnimationFrame(() => (times[key] ??= performance.now()));
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

/** Median of `runs` cold opens of the admin members tab, each in a fresh context signed in as the admin. */
export async function adminMembersTabTimes(
  browser: Browser,
  base: string,
  admin: { username: string; password: string },
  runs: number,
): Promise<AdminTabTimes> {
  const samples: AdminTabTimes[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const login = await context.request.post(`${base}/api/auth/login`, {
      data: admin,
      headers: { origin: base },
    });
    if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()}`);
    const page = await context.newPage();
    await page.addInitScript(recordMembersTab);
    await page.goto(`${base}/admin?tab=members`);
    const read = () => {
      const times = (window as unknown as { __adminTab?: Record<string, number> }).__adminTab;
      return times?.rowsShown && times.firstRowOpened && times.allRows ? times : null;
    };
    await page.waitForFunction(read, undefined, { timeout: 60_000 });
    samples.push((await page.evaluate(read)) as unknown as AdminTabTimes);
    await context.close();
  }
  return {
    rowsShown: median(samples.map((s) => s.rowsShown)),
    firstRowOpened: median(samples.map((s) => s.firstRowOpened)),
    allRows: median(samples.map((s) => s.allRows)),
  };
}
