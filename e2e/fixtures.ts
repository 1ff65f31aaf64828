import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** Shared by the Playwright config (which starts the server) and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
/** The admin journeys' own server, so their changes to the clan never reach the public journeys. */
export const E2E_ADMIN_PORT = E2E_PORT + 1;
/** The admin server's simulated WOM, with its test knobs (a player gains XP, WOM fails). */
export const E2E_SIMULATOR_PORT = E2E_PORT + 2;
/** The admin server's Discord stand-in, with its test knobs under /__control (read what arrived). */
export const E2E_DISCORD_PORT = E2E_PORT + 3;
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };
/** A signed-up member who is not an admin, on the admin journeys' server (made by the global setup). */
export const E2E_MEMBER = { username: 'e2e-member', password: 'e2e-member-password' };
export const NAV_LINKS = [
  { label: 'Home', path: '/' },
  { label: 'Members', path: '/members' },
  { label: 'Events', path: '/events' },
  { label: 'Leaderboard', path: '/leaderboard' },
  { label: 'Hall of Fame', path: '/bosses' },
  { label: 'Stats', path: '/stats' },
  { label: 'Achievements', path: '/achievements' },
  { label: 'Progress', path: '/progress' },
  { label: 'Feed', path: '/feed' },
  { label: 'Personal Bests', path: '/personal-bests' },
] as const;

/**
 * Every journey fails on a browser console error or an uncaught page error (a CSP violation, a
 * React warning, a failed chunk, a game icon's 404), so such problems cannot pass unnoticed. The
 * journeys' server has no icon host (playwright.config.ts), as a site without the internet: its
 * pages ask only for the icons it holds, and show the others' fallbacks without a request.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: void }>({
  /** Console errors a journey provokes on purpose (a refused login logs its 401). */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // The resource's address is part of the line, so a journey can expect one request's failure only.
        const line = `${message.text()} (${message.location().url})`;
        if (message.type() === 'error' && !expectedConsoleErrors.some((pattern) => pattern.test(line))) {
          errors.push(line);
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Fails on serious or critical accessibility violations (axe), naming each rule and element. */
export async function expectAccessible(page: Page): Promise<void> {
  // A toast fading in or out is half transparent for a moment: scan what the page settles on.
  // (A spinner's endless animation is left alone; a cancelled one counts as settled.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, 'serious or critical accessibility violations').toEqual([]);
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
export async function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Resolves once the idle-time prefetch has sent its last stage. Call it before `page.goto`, await it
 * before lifting a simulated failure: until then the prefetch may refetch a page's query behind the
 * test's back and clear the error state the test is about to use.
 */
export function idlePrefetchDone(page: Page): Promise<unknown> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/api/wom-competitions');
}

/** The journey's server: mutations must name it (the server's same-origin check). */
export const siteOrigin = () => test.info().project.use.baseURL ?? '';

/** A JSON POST to our own API as the site's pages send it; the journey fails unless it succeeds. */
export async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data, headers: { origin: siteOrigin() } });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A JSON read of our own API, e.g. to compare a page with the data behind it. */
export async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Makes an API route answer 500 with the server's error body until `end()`; `failures()` counts the
 * requests it refused. Tests that use it declare `expectedConsoleErrors: [/status of 500/]`.
 */
export async function failApi(page: Page, url: string | RegExp) {
  let failures = 0;
  await page.route(url, (route) => {
    failures += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }),
    });
  });
  return { failures: () => failures, end: () => page.unroute(url) };
}

/**
 * Answers the site's confirm dialog, an alert dialog named by its question, with the button named
 * `answer` (the step's label, or 'Cancel'), and waits for it to close.
 */
export async function answerConfirm(page: Page, question: string | RegExp, answer: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: question });
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}
