import { expect, test } from './fixtures.ts';

/** Scripts of pages a visitor has not opened: sign-in, account and admin code. */
const ACCOUNT_CODE = /\/assets\/(login|forgot-password|reset-password|register|profile|admin)[-.]/;

test("the roster's data is requested once, by the page's HTML, not after the code runs", async ({ page }) => {
  const rosterRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/members') rosterRequests.push(request.url());
  });
  const response = await page.goto('/members');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('table', { name: 'Clan members' }).getByRole('row').nth(1)).toBeVisible();
  expect(rosterRequests).toHaveLength(1);
});

test("a first visit shows the page with the navbar, never the page's loading state", async ({ page }) => {
  // Records every status text the page shows while it loads, from the very first DOM change.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) seen.push(status.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // (Pages whose data loading says something else; the welcome page's data says 'Loading...' too.)
  for (const path of ['/members', '/events']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
    // The page's code is loaded before the first render; its data may still show its own loading text.
    expect(seen, path).not.toContain('Loading...');
  }
});

test('a visitor browsing the public pages downloads no sign-in, account or admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/members', '/events', '/leaderboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => ACCOUNT_CODE.test(script))).toEqual([]);
});

test('assets and pages arrive compressed', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') || path === '/members' || path === '/api/members') {
      encodings.set(path, (await response.allHeaders())['content-encoding']);
    }
  });
  await page.goto('/members');
  await expect(page.getByRole('table', { name: 'Clan members' }).getByRole('row').nth(1)).toBeVisible();
  expect(encodings.size).toBeGreaterThan(2);
  for (const [path, encoding] of encodings) expect(encoding, path).toBe('br');
});
