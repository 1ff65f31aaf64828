import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { noisyPng } from '#test/noisy-png.ts';
import exampleLoot from '../../src/server/demo/dink-payloads/loot.json' with { type: 'json' };
import { apiJson, expect, expectAccessible, fitsViewport, postJson, siteOrigin, test } from '../fixtures.ts';
import { adminMembers, openDashboard, signIn } from './admin-session.ts';
import { typeInCombobox } from './member-combobox.ts';

/**
 * Issue 31: an admin builds a bingo board on the dashboard and balances its teams; a member's Dink
 * drop completes a tile with its screenshot as the proof; the member sends a proof for a manual
 * tile, and the admin referees it from the Bingo tab: on a desktop and on a phone.
 */
const SHOTS = '/tmp/shots-bingo';
let SCREENSHOT: Buffer;
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  SCREENSHOT = await noisyPng(640, 360, 31);
});

/** A `datetime-local` value in this machine's zone (the browser's) for an instant. */
const localInput = (at: number) => {
  const date = new Date(at);
  return new Date(at - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A new account claiming a character with a code the admin makes, as a member would. */
async function memberClaiming(
  request: APIRequestContext,
  admin: APIRequestContext,
  username: string,
  womId: string,
) {
  const { code } = await postJson<{ code: string }>(admin, '/api/admin/claim-codes', { wom_id: womId });
  await postJson(request, '/api/auth/register', {
    username,
    password: `${username}-password`,
    confirm_password: `${username}-password`,
  });
  await postJson(request, '/api/claims/redeem', { code });
}

for (const { width, height, device } of [
  { width: 1280, height: 900, device: 'desktop' },
  { width: 390, height: 844, device: 'phone' },
]) {
  test(`on a ${device} (${width} px) a board is built, balanced, filled from Dink and refereed`, async ({
    page,
    browser,
  }) => {
    // Each screenshot is re-encoded on arrival, and the encoder's process starts with the first.
    test.slow();
    await page.setViewportSize({ width, height });
    await signIn(page);
    const mains = (await adminMembers(page))
      .filter((member: AdminMember) => member.left_at === null && !member.claimed && !member.hidden)
      .sort((a, b) => a.name.localeCompare(b.name));
    const offset = width === 390 ? 6 : 2;
    const [player, teammate, rival, other] = mains.slice(offset, offset + 4);
    expect(other, 'four unclaimed members').toBeDefined();
    const title = `Journey bingo ${width}`;

    await openDashboard(page, 'bingo');
    await page.getByRole('button', { name: 'New Board' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Bingo Board' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Starts (your time)').fill(localInput(Date.now() - 120_000));
    await dialog.getByLabel('Ends (your time)').fill(localInput(Date.now() + 7 * 86_400_000));
    await dialog.getByLabel('Board size').selectOption('3');
    await dialog.getByLabel('Row bonus').fill('5');
    await dialog.getByRole('button', { name: 'Row 1, column 1: empty' }).click();
    const tile = dialog.getByRole('group', { name: 'Tile in row 1, column 1' });
    await tile.getByLabel('Title').fill('Warhammer');
    await tile.getByLabel(/^Items/).fill('Dragon warhammer');
    await dialog.getByRole('button', { name: 'Row 1, column 2: empty' }).click();
    const manual = dialog.getByRole('group', { name: 'Tile in row 1, column 2' });
    await manual.getByLabel('Title').fill('Show a friend');
    await manual.getByLabel('Goal').selectOption('manual');

    await dialog.getByRole('button', { name: 'Add team' }).click();
    await dialog.getByRole('button', { name: 'Add team' }).click();
    for (const [team, members] of [
      ['Team 1', [player!, rival!]],
      ['Team 2', [teammate!, other!]],
    ] as const) {
      for (const member of members) {
        const combobox = dialog.getByRole('combobox', { name: `Add a member to ${team}` });
        await (await typeInCombobox(page, combobox, member.name)).click();
      }
    }
    await dialog.getByLabel('Number of teams').fill('2');
    await dialog.getByRole('button', { name: 'Balance by EHB + EHP' }).click();
    await expect(dialog.getByText(/^EHB \+ EHP /)).toHaveCount(2);
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/builder-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Board' }).click();
    await expect(page.getByText(`${title} was successfully saved.`)).toBeVisible();

    const boards = await apiJson<{ items: Array<{ id: number; title: string }> }>(page.request, '/api/bingo');
    const boardId = boards.items.find((board) => board.title === title)!.id;
    const teamOf = (view: BingoBoardView) =>
      view.teams.find((team) => team.members.some((member) => member.wom_id === player!.wom_id))!;

    // The member claims their character, connects Dink and the game posts a drop with its screenshot.
    const member = await browser.newContext({ baseURL: siteOrigin() });
    await memberClaiming(member.request, page.request, `bingo-player-${width}`, player!.wom_id);
    const { url } = await postJson<{ url: string }>(
      member.request,
      `/api/me/characters/${player!.wom_id}/dink`,
      {},
    );
    const drop = { ...exampleLoot.extra.items[0]!, name: 'Dragon warhammer', id: 13576 };
    const posted = await member.request.post(new URL(url).pathname, {
      multipart: {
        payload_json: JSON.stringify({
          ...exampleLoot,
          playerName: player!.name,
          extra: { ...exampleLoot.extra, items: [drop] },
        }),
        file: { name: 'image.png', mimeType: 'image/png', buffer: SCREENSHOT },
      },
    });
    expect(posted.status(), await posted.text()).toBe(202);
    await expect
      .poll(
        async () => {
          const view = await apiJson<BingoBoardView>(page.request, `/api/bingo/${boardId}`);
          return teamOf(view).tiles.find(
            (entry) => entry.tile_id === view.tiles.find((t) => t.title === 'Warhammer')!.id,
          )?.state;
        },
        { timeout: 20_000 },
      )
      .toBe('complete');

    const memberPage = await member.newPage();
    await memberPage.setViewportSize({ width, height });
    await memberPage.goto(`/bingo/${boardId}`);
    const view = await apiJson<BingoBoardView>(page.request, `/api/bingo/${boardId}`);
    await memberPage.getByLabel('Team', { exact: true }).selectOption(String(teamOf(view).id));
    await expect(memberPage.getByRole('img', { name: 'Proof for Warhammer' }).first()).toBeVisible();
    await expect(memberPage.getByRole('region', { name: 'Your place on this board' })).toContainText(
      `You play for ${teamOf(view).name}.`,
    );

    // A proof for the manual tile, sent from the board's page.
    const form = memberPage.getByRole('region', { name: 'Send a proof' });
    await form.getByLabel('Tile').selectOption({ label: 'Show a friend' });
    await form.getByLabel('Note (optional)').fill('With a friend at the GE');
    await form.getByLabel('Screenshot (PNG or JPEG, at most 8 MB)').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: SCREENSHOT,
    });
    await form.getByRole('button', { name: 'Send proof' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Your proof for Show a friend is waiting for a referee.',
    );
    expect(await fitsViewport(memberPage)).toBe(true);
    await memberPage.screenshot({ path: `${SHOTS}/board-${width}.png`, fullPage: true });
    await expectAccessible(memberPage);

    // The admin referees it from the Bingo tab.
    await openDashboard(page, 'bingo');
    await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    const queue = page.getByRole('region', { name: 'Referee queue' });
    const proof = queue.getByRole('listitem').filter({ hasText: 'Show a friend' });
    await expect(proof.getByRole('img', { name: /^Proof from / })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/queue-${width}.png`, fullPage: true });
    await expectAccessible(page);
    await proof.getByRole('button', { name: 'Approve' }).click();
    await expect(queue.getByText('Nothing here.')).toBeVisible();

    await memberPage.reload();
    await memberPage.getByLabel('Team', { exact: true }).selectOption(String(teamOf(view).id));
    await expect(
      memberPage
        .getByRole('list', { name: /^Board for / })
        .getByRole('listitem')
        .filter({ hasText: 'Show a friend' }),
    ).toContainText('Complete');
    await memberPage.goto('/profile');
    await memberPage.getByRole('tab', { name: 'Bingo' }).click();
    await expect(memberPage.getByText('Approved')).toBeVisible();
    await member.close();
  });
}
