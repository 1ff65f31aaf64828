import type { Page } from '@playwright/test';
import type { PublicMember } from '#core/members/members.schema.ts';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import { apiJson, expect, test } from './fixtures.ts';

/** Each path's roles, lowest first: the demo clan ranks by the default ladder. */
const LADDERS = DEFAULT_LADDER.paths.map((path) => path.ranks.map((rank) => rank.role));

/** How the Next Rank text names each rank: by the name the ladder gives it ('TzKal'). */
const RANK_NAMES = new Map(
  DEFAULT_LADDER.paths.flatMap((path) => path.ranks.map((rank) => [rank.role, rank.name])),
);

/** The member's rank and the ladder it is on; null for a role on no ladder (staff, maxed). */
function ladderOf(role: string | null): string[] | null {
  return LADDERS.find((ladder) => ladder.includes(role ?? '')) ?? null;
}

/** Members who hold a rank above the band their XP or EHB is in: where a hint could point back down. */
function aheadOfTheirBand(roster: PublicMember[]): PublicMember[] {
  return roster.filter((member) => {
    const ladder = ladderOf(member.womrole);
    return (
      !member.alt &&
      ladder !== null &&
      ladder.indexOf(member.calculated_rank ?? '') < ladder.indexOf(member.womrole ?? '')
    );
  });
}

/** The rank a Next Rank text names ('… · Zenyte: 469,001,150 XP' or '469,001,150 XP to Zenyte'). */
function rankNamed(text: string, ladder: string[]): string | undefined {
  return ladder.find((rank) => new RegExp(`(^|· |to )${RANK_NAMES.get(rank) ?? rank}(:|$)`).test(text));
}

async function rosterNextRank(page: Page, member: PublicMember): Promise<string> {
  await page.goto(`/members?search=${encodeURIComponent(member.name)}`);
  await page.getByRole('button', { name: `Show details for ${member.name}`, exact: true }).click();
  const next = page
    .getByRole('table', { name: 'Clan members' })
    .getByRole('term')
    .filter({ hasText: /^Next Rank$/ })
    .locator('xpath=following-sibling::dd');
  await expect(next).toHaveText(member.next_rank.label);
  return (await next.textContent()) ?? '';
}

async function pageNextRank(page: Page, member: PublicMember): Promise<string> {
  await page
    .getByRole('table', { name: 'Clan members' })
    .getByRole('link', { name: member.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.wom_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  const next = page.getByText('Next Rank', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(next).toHaveText(/ to |Max rank achieved/);
  return (await next.textContent()) ?? '';
}

test('Next Rank names a rank above the one each member holds, on the roster and the member page', async ({
  page,
}) => {
  const ahead = aheadOfTheirBand(await apiJson<PublicMember[]>(page.request, '/api/members'));
  // The demo clan's first-seen baselines leave many gem ranks above the band their clan XP is in.
  expect(ahead.length, 'members whose rank is above their band').toBeGreaterThan(0);
  for (const member of ahead.slice(0, 3)) {
    const ladder = ladderOf(member.womrole)!;
    const held = ladder.indexOf(member.womrole ?? '');
    for (const text of [await rosterNextRank(page, member), await pageNextRank(page, member)]) {
      if (text.endsWith('Max rank achieved')) {
        expect(held, `${member.name}: "${text}" only at the top rank`).toBe(ladder.length - 1);
        continue;
      }
      const named = rankNamed(text, ladder);
      expect(named, `${member.name} (${member.womrole}): "${text}" names a rank`).toBeDefined();
      expect(ladder.indexOf(named!), `${member.name} (${member.womrole}): "${text}"`).toBeGreaterThan(held);
    }
  }
});
