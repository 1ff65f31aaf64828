import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  E2E_DISCORD_PORT,
  answerConfirm,
  expect,
  expectAccessible,
  fitsViewport,
  test,
} from '../fixtures.ts';
import { openDashboard, signIn, siteOrigin } from './admin-session.ts';

const SHOTS = '/tmp/shots-discord';
const STAND_IN = `http://127.0.0.1:${E2E_DISCORD_PORT}`;

const WIDTHS = [
  { width: 1280, height: 800, name: 'desktop', webhookId: '912345678901234567' },
  { width: 390, height: 844, name: 'phone', webhookId: '923456789012345678' },
] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

interface Received {
  webhookId: string;
  body: { embeds?: Array<{ title?: string; description?: string }> };
}

/** What the stand-in received on a webhook, as the text of its embeds. */
async function received(page: Page, webhookId: string): Promise<string[]> {
  const response = await page.request.get(`${STAND_IN}/__control/received?webhook_id=${webhookId}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as Received[];
  return messages.map((message) =>
    (message.body.embeds ?? []).map((embed) => `${embed.title ?? ''} ${embed.description ?? ''}`).join(' '),
  );
}

const DAY_MS = 86_400_000;

/**
 * An event an admin creates, through the API the events tab uses: news sent at once to a route
 * carrying new competitions (rank changes would gather for a minute first). Returns its id.
 */
async function createEvent(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/admin/events', {
    data: {
      name,
      type: 'Skill of the Week',
      metric: 'wintertodt',
      start_date: new Date(Date.now() + DAY_MS).toISOString(),
      end_date: new Date(Date.now() + 8 * DAY_MS).toISOString(),
    },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), `create ${name}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function deleteEvent(page: Page, id: number): Promise<void> {
  const response = await page.request.delete(`/api/admin/events/${id}`, {
    headers: { origin: siteOrigin() },
  });
  expect(response.ok(), `delete event ${id}`).toBe(true);
}

async function checkFits(page: Page, shot: string): Promise<void> {
  expect(await fitsViewport(page), `${shot} fits the screen`).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

for (const { width, height, name: device, webhookId } of WIDTHS) {
  test.describe(`the Discord tab on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('adds a route, tests it, sees real news delivered and a refused webhook stop it, edits and deletes it', async ({
      page,
    }) => {
      // A bound, not a timing: two deliveries and six accessibility scans on a busy two-core machine.
      test.setTimeout(240_000);
      const token = `journey-secret-${device}-token`;
      const webhookUrl = `${STAND_IN}/api/webhooks/${webhookId}/${token}`;
      const routeName = `Clan news ${device}`;
      await signIn(page);
      const eventName = `Journey cup ${device}`;

      await openDashboard(page, 'discord');
      await expect(page.getByRole('heading', { level: 2, name: 'Discord' })).toBeVisible();

      // Add: a dialog with the kinds grouped by whom they are for.
      await page.getByRole('button', { name: 'Add route' }).click();
      const add = page.getByRole('dialog', { name: 'Add Discord route' });
      await add.getByLabel('Name', { exact: true }).fill(routeName);
      await add.getByLabel('Webhook URL').fill(webhookUrl);
      await add
        .getByRole('group', { name: 'Clan news' })
        .getByRole('checkbox', { name: 'Competition created' })
        .check();
      await expect(
        add.getByRole('group', { name: 'Admin channel' }).getByRole('checkbox', { name: 'Claim requests' }),
      ).toBeVisible();
      await checkFits(page, `discord-form-${width}`);
      await add.getByRole('button', { name: 'Add Route' }).click();
      await expect(add).toBeHidden();
      await expect(page.getByText(`${routeName} was successfully saved.`)).toBeVisible();

      // Listed with the masked hint; the token is nowhere on the page nor in the API's answer.
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: routeName }) });
      await expect(row).toContainText(`…/webhooks/${webhookId.slice(0, 4)}…/****`);
      await expect(row).toContainText('Competition created');
      await expect(row).toContainText('On');
      await expect(page.locator('body')).not.toContainText(token);
      expect(await (await page.request.get('/api/admin/discord/routes')).text()).not.toContain(token);
      await checkFits(page, `discord-list-${width}`);

      // Send test: Discord's answer, and the message arrived.
      await row.getByRole('button', { name: 'Send test' }).click();
      await expect(row.getByRole('status')).toHaveText(
        'Test sent (Discord status 200): Discord accepted the test message.',
      );
      await expect.poll(async () => (await received(page, webhookId)).length).toBe(1);

      const events: number[] = [];
      try {
        // Real news: an admin creates an event, and the route delivers it, its metric named as WOM does.
        events.push(await createEvent(page, `${eventName} 1`));
        await expect
          .poll(async () => (await received(page, webhookId)).join('\n'), { timeout: 30_000 })
          .toContain(`${eventName} 1 Skill of the Week · Wintertodt`);
        await row.getByRole('button', { name: 'History' }).click();
        const history = page.getByRole('dialog', { name: `History of ${routeName}` });
        const delivered = history.getByRole('row').filter({ hasText: 'Competition created' });
        await expect(delivered).toContainText('Delivered');
        await expect(delivered).toContainText('200');
        await checkFits(page, `discord-history-${width}`);
        await history.getByRole('button', { name: 'Close' }).click();
        await expect(history).toBeHidden();

        // Discord no longer knows the webhook: the next delivery stops the route and raises an alert.
        const fail = await page.request.post(`${STAND_IN}/__control/fail-next`, {
          data: { count: 1, status: 404 },
        });
        expect(fail.ok()).toBe(true);
        events.push(await createEvent(page, `${eventName} 2`));
      } finally {
        for (const id of events) await deleteEvent(page, id);
      }
      await expect
        .poll(
          async () => {
            const routes = (await (await page.request.get('/api/admin/discord/routes')).json()) as Array<{
              name: string;
              disabled_reason: string | null;
            }>;
            return routes.find((route) => route.name === routeName)?.disabled_reason ?? null;
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      await openDashboard(page, 'alerts');
      await expect(
        page.getByText(
          new RegExp(`^Discord route "${routeName}" stopped: Discord answered 404 Unknown Webhook`),
        ),
      ).toBeVisible();
      await checkFits(page, `discord-alert-${width}`);
      await page.getByRole('link', { name: 'Fix it in the Discord tab' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Discord' })).toBeVisible();
      await expect(row).toContainText('Stopped');
      await checkFits(page, `discord-stopped-${width}`);

      // Edit with the URL left blank: the stored one is kept, and saving starts the route again.
      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${routeName}` });
      await expect(edit.getByLabel('Webhook URL (optional)')).toHaveValue('');
      await expect(edit).not.toContainText(token);
      await expect(edit.getByRole('checkbox', { name: 'Competition created' })).toBeChecked();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await expect(row).toContainText('On');
      await expect(row).not.toContainText('Stopped');
      await row.getByRole('button', { name: 'Send test' }).click();
      await expect(row.getByRole('status')).toHaveText(
        'Test sent (Discord status 200): Discord accepted the test message.',
      );

      // Delete: gone from the list.
      await row.getByRole('button', { name: 'Delete' }).click();
      await answerConfirm(page, `Delete the Discord route "${routeName}"?`, 'Delete Route');
      await expect(page.getByText(`${routeName} was successfully deleted.`)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page.getByText('No Discord routes yet')).toBeVisible();
      await checkFits(page, `discord-empty-${width}`);
    });
  });
}
