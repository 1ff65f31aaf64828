import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CharacterDink, FeedPage, PersonalBestBoard } from '#core/dink/dink.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { noisyPng } from '#test/noisy-png.ts';
import examplePet from '../src/server/demo/dink-payloads/pet.json' with { type: 'json' };
import exampleKill from '../src/server/demo/dink-payloads/kill_count.json' with { type: 'json' };
import exampleLoot from '../src/server/demo/dink-payloads/loot.json' with { type: 'json' };
import exampleCollection from '../src/server/demo/dink-payloads/collection.json' with { type: 'json' };
import {
  E2E_ADMIN,
  apiJson,
  expect,
  expectAccessible,
  fitsViewport,
  postJson,
  siteOrigin,
  test,
} from './fixtures.ts';

/**
 * Issue 23: a member connects Dink on their profile, their game posts to the address, and the moments
 * show on the Clan Feed, the personal-best board and their character page, on a desktop and a phone;
 * taken off the feed, they are gone from every public page. On the public journeys' server (its admin
 * makes the claim code).
 */
const SHOTS = '/tmp/shots-dink';
/** The screenshot Dink attaches: a game client's, megabytes as a PNG. */
let SCREENSHOT: Buffer;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  SCREENSHOT = await noisyPng(1280, 720, 29);
});

/** Whether an image on the page has loaded (a broken one has no natural width). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

/**
 * Opens the full screenshot from its thumbnail, as a member would, checks the picture loaded at
 * the full view's width, and closes it again: focus goes back to the thumbnail.
 */
async function openFullScreenshot(page: Page, name: RegExp, shot: string) {
  const thumbnail = page.getByRole('img', { name }).first();
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute('src', /\/api\/dink\/images\/\d+\/thumbnail$/);
  // Loaded lazily: only once it nears the screen, as a member scrolls to it.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(thumbnail)).toBe(320);
  const button = page
    .getByRole('button', { name: new RegExp(`${name.source}.*\\(opens full size\\)`) })
    .first();
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  const full = dialog.getByRole('img', { name });
  await expect(full).toHaveAttribute('src', /\/api\/dink\/images\/\d+$/);
  await expect.poll(() => loaded(full)).toBe(1280);
  expect(await fitsViewport(page)).toBe(true);
  await page.screenshot({ path: shot });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
}

/** An unclaimed main from the middle of the roster: other journeys take theirs from its ends. */
async function unclaimedMain(request: APIRequestContext, offset: number): Promise<PublicMember> {
  const mains = (await apiJson<PublicMember[]>(request, '/api/members'))
    .filter((member) => !member.is_claimed && !member.alt)
    .sort((a, b) => a.name.localeCompare(b.name));
  const member = mains[Math.floor(mains.length / 2) + offset];
  expect(member, 'an unclaimed main').toBeDefined();
  return member!;
}

/** Signs up and claims a character with a code the admin makes, as a member would. */
async function memberWithCharacter(page: Page, username: string, offset: number): Promise<PublicMember> {
  const admin = await page.context().browser()!.newContext({ baseURL: siteOrigin() });
  await postJson(admin.request, '/api/auth/login', E2E_ADMIN);
  const member = await unclaimedMain(admin.request, offset);
  const { code } = await postJson<{ code: string }>(admin.request, '/api/admin/claim-codes', {
    wom_id: member.wom_id,
  });
  await admin.close();
  await postJson(page.request, '/api/auth/register', {
    username,
    password: `${username}-password`,
    confirm_password: `${username}-password`,
  });
  await postJson(page.request, '/api/claims/redeem', { code });
  return member;
}

/** What Dink sends: JSON, or multipart with the screenshot. */
async function dinkPost(request: APIRequestContext, url: string, payload: object, screenshot = false) {
  const response = screenshot
    ? await request.post(url, {
        multipart: {
          payload_json: JSON.stringify(payload),
          file: { name: 'image.png', mimeType: 'image/png', buffer: SCREENSHOT },
        },
      })
    : await request.post(url, { data: payload });
  expect(response.status(), await response.text()).toBe(202);
}

for (const width of [1280, 390]) {
  test(`at ${width} px a member connects Dink and their moments show on the feed, the boards and their page`, async ({
    page,
  }) => {
    // Each screenshot is re-encoded on arrival, and the encoder's process starts with the first.
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const member = await memberWithCharacter(page, `dink-member-${width}`, width === 390 ? 1 : 0);

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Dink' }).click();
    const card = page.getByRole('article', { name: member.name });
    await card.getByRole('button', { name: 'Connect Dink' }).click();
    const address = page.getByRole('region', { name: 'Your new Dink address' });
    await expect(address).toBeVisible();
    const url = (await address.getByLabel(`Dink URL for ${member.name}`).textContent())!.trim();
    const configUrl = (await address
      .getByLabel(`Dynamic Config URL for ${member.name}`)
      .textContent())!.trim();
    expect(url).toMatch(/\/api\/dink\/[A-Za-z0-9_-]{43}$/);
    expect(configUrl).toBe(`${url}/config`);
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
    await expectAccessible(page);

    // Dink downloads its settings, then posts as the game happens.
    const config = await apiJson<Record<string, unknown>>(page.request, new URL(configUrl).pathname);
    expect(config.petWebhook).toBe(url);
    const path = new URL(url).pathname;
    const pet = { ...examplePet, extra: { ...examplePet.extra, petName: `Ikkle hydra ${width}` } };
    await dinkPost(page.request, path, pet, true);
    await dinkPost(page.request, path, exampleCollection);
    await dinkPost(
      page.request,
      path,
      { ...exampleKill, extra: { ...exampleKill.extra, boss: `Chambers ${width}` } },
      true,
    );
    const rich = { ...exampleLoot.extra.items[0]!, priceEach: 25_000_000 };
    await dinkPost(page.request, path, { ...exampleLoot, extra: { ...exampleLoot.extra, items: [rich] } });

    const mine = `/api/feed?wom_id=${member.wom_id}`;
    // The demo clan posts now and then too, perhaps for this character: wait for these four.
    const titles = [
      `Pet: Ikkle hydra ${width}`,
      'Collection log: Zamorak chaps',
      `Personal best: Chambers ${width}`,
      'Drop: Some item',
    ];
    await expect
      .poll(async () => (await apiJson<FeedPage>(page.request, mine)).items.map((item) => item.title), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(titles));

    await page.goto(`/feed?wom_id=${member.wom_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Clan Feed' })).toBeVisible();
    await expect(page.getByText(`Pet: Ikkle hydra ${width}`)).toBeVisible();
    await expect(page.getByText('Collection log: Zamorak chaps')).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/feed-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await openFullScreenshot(
      page,
      new RegExp(`Ikkle hydra ${width}`),
      `${SHOTS}/feed-screenshot-${width}.png`,
    );

    const board = `/personal-bests?boss=${encodeURIComponent(`Chambers ${width}`)}&team_size=3`;
    const bests = await apiJson<PersonalBestBoard>(page.request, `/api${board}`);
    expect(bests.entries.map((entry) => entry.wom_id)).toEqual([member.wom_id]);
    await page.goto(board);
    await expect(page.getByRole('cell', { name: '46:34', exact: true })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/personal-bests-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await openFullScreenshot(
      page,
      new RegExp(`Chambers ${width} in 46:34`),
      `${SHOTS}/personal-best-screenshot-${width}.png`,
    );

    await page.goto(`/members/${member.wom_id}`);
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(page.getByText(`Pet: Ikkle hydra ${width}`)).toBeVisible();
    await expect(page.getByText('420').first()).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/character-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await openFullScreenshot(
      page,
      new RegExp(`Ikkle hydra ${width}`),
      `${SHOTS}/character-screenshot-${width}.png`,
    );

    // Off the public feed: gone from every public page at once.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Dink' }).click();
    await page.getByRole('switch', { name: 'Show my moments on the public feed' }).click();
    await expect(page.getByRole('switch', { name: 'Show my moments on the public feed' })).not.toBeChecked();
    expect((await apiJson<FeedPage>(page.request, mine)).items).toEqual([]);
    expect(
      (await apiJson<CharacterDink>(page.request, `/api/character-dink?id=${member.wom_id}`)).moments,
    ).toEqual([]);
    await page.goto(`/feed?wom_id=${member.wom_id}`);
    await expect(page.getByText(`Pet: Ikkle hydra ${width}`)).toHaveCount(0);
  });
}
