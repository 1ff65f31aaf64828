import { mkdirSync } from 'node:fs';
import type { AdminDink, DinkLinkCreated } from '#core/dink/dink.schema.ts';
import examplePet from '../../src/server/demo/dink-payloads/pet.json' with { type: 'json' };
import { E2E_DISCORD_PORT, expect, expectAccessible, fitsViewport, postJson, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn, siteOrigin } from './admin-session.ts';

/**
 * Issue 23 from the admin's side: the Dink tab's thresholds and its list of who has Dink, and a
 * moment with its screenshot reaching a Discord route that carries in-game moments.
 */
const SHOTS = '/tmp/shots-dink';
const STAND_IN = `http://127.0.0.1:${E2E_DISCORD_PORT}`;
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

interface Received {
  body: { embeds?: Array<{ title?: string; image?: { url?: string } }> };
  attachments?: Array<{ filename: string; content_type: string; size: number }>;
}

for (const { width, height, device, webhookId } of [
  { width: 1280, height: 800, device: 'desktop', webhookId: '934567890123456789' },
  { width: 390, height: 844, device: 'phone', webhookId: '945678901234567890' },
]) {
  test(`on a ${device} (${width} px) an admin sets Dink's thresholds, sees who posts, and moments reach Discord`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page);
    // The admin plays too: claims a character and connects Dink to it.
    const member = (await adminMembers(page))
      .filter((candidate) => !candidate.is_claimed)
      .at(width === 390 ? -2 : -1)!;
    const { code } = await postJson<{ code: string }>(page.request, '/api/admin/claim-codes', {
      wom_id: member.wom_id,
    });
    await postJson(page.request, '/api/claims/redeem', { code });
    const created = await postJson<DinkLinkCreated>(
      page.request,
      `/api/me/characters/${member.wom_id}/dink`,
      {},
    );
    const webhook = `${STAND_IN}/api/webhooks/${webhookId}/dink-e2e-token`;
    const route = await postJson<{ id: number }>(page.request, '/api/admin/discord/routes', {
      name: `Drops and pets ${width}`,
      url: webhook,
      kinds: ['game_moments'],
      enabled: true,
    });

    const pet = { ...examplePet, extra: { ...examplePet.extra, petName: `Baby mole ${width}` } };
    const posted = await page.request.post(new URL(created.url).pathname, {
      multipart: {
        payload_json: JSON.stringify(pet),
        file: { name: 'image.png', mimeType: 'image/png', buffer: SCREENSHOT },
      },
    });
    expect(posted.status()).toBe(202);

    // The demo clan posts moments of its own now and then: this test's is the one with its pet.
    const ours = async () => {
      const response = await page.request.get(`${STAND_IN}/__control/received?webhook_id=${webhookId}`);
      return ((await response.json()) as Received[]).find((candidate) =>
        candidate.body.embeds?.[0]?.title?.includes(`Baby mole ${width}`),
      );
    };
    await expect.poll(ours, { timeout: 20_000 }).toBeDefined();
    const message = await ours();
    expect(message!.body.embeds?.[0]?.title).toContain(`Baby mole ${width}`);
    // The screenshot reaches Discord as the site re-encoded it on arrival, never as uploaded.
    expect(message!.body.embeds?.[0]?.image?.url).toBe('attachment://moment.webp');
    expect(message!.attachments).toEqual([
      expect.objectContaining({ filename: 'moment.webp', content_type: 'image/webp' }),
    ]);
    expect(message!.attachments?.[0]?.size).toBeGreaterThan(0);

    await openDashboard(page, 'dink');
    const table = page.getByRole('table', { name: 'Members with Dink' });
    await expect(table.getByText(member.name)).toBeVisible();
    await page.getByLabel('Minimum drop value (coins)').fill('abc');
    await page.getByRole('button', { name: 'Save thresholds' }).click();
    await expect(page.getByText(/whole number|number/i).first()).toBeVisible();
    await page.getByLabel('Minimum drop value (coins)').fill('2,500,000');
    await page.getByRole('button', { name: 'Save thresholds' }).click();
    await expect(page.getByText('Dink thresholds saved.')).toBeVisible();
    const saved = (await (await page.request.get('/api/admin/dink')).json()) as AdminDink;
    expect(saved.thresholds.min_loot_value).toBe(2_500_000);
    expect(await fitsViewport(page), 'the Dink tab fits the screen').toBe(true);
    await page.screenshot({ path: `${SHOTS}/admin-dink-${width}.png`, fullPage: true });
    await expectAccessible(page);

    // The Discord journeys start from a dashboard without routes.
    const removed = await page.request.delete(`/api/admin/discord/routes/${route.id}`, {
      headers: { origin: siteOrigin() },
    });
    expect(removed.ok()).toBe(true);
  });
}
