import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember, WatchCaseView } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { testClan } from '#test/render.tsx';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { adminMembersQueryKey } from '../api/get-admin-members.ts';
import { AlertsTab } from './alerts-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const watchCase = (overrides: Partial<WatchCaseView> = {}): WatchCaseView => ({
  accused_rsn: 'Scammer',
  published_date: '2025-06-01',
  reason: 'Scammed a raid party',
  evidence_rating: 'Strong',
  source: 'RuneWatch',
  quick_find: 'https://runewatch.example/cases/42',
  ...overrides,
});

const reported = (name: string, overrides: Partial<AdminMember> = {}) =>
  adminMember(name, {
    runewatch_reported: true,
    runewatch_case: watchCase({ accused_rsn: name }),
    ...overrides,
  });

/** The tab with the members given (null leaves them to be fetched) and the clan's ladder. */
function renderAlerts(members: AdminMember[] | null, clan: ClanProfile = testClan) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <AlertsTab notify={notify} />,
    members === null
      ? [[['clan'], clan]]
      : [
          [['clan'], clan],
          [adminMembersQueryKey, members],
        ],
  );
  return { ...view, notify };
}

/** The names in the rank updates, top to bottom. */
const names = () =>
  within(section('Rank Updates'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('alerts tab', () => {
  it('shows its title, subtitle and both empty states when nothing needs attention', () => {
    renderAlerts([adminMember('Quiet')]);
    expect(screen.getByRole('heading', { name: 'Action Items Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('All items requiring admin attention are shown here')).toBeInTheDocument();
    expect(within(section('Rank Updates')).getByText('No rank updates required')).toBeInTheDocument();
    expect(
      within(section('RuneWatch Alerts')).getByText('No reported clan members found'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/have been reported on RuneWatch/)).not.toBeInTheDocument();
  });

  it('says what failed when the members cannot be loaded, and tries again', async () => {
    const fetch = stubApi({
      'GET /api/admin/members': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderAlerts(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading members: Something went wrong on our side',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('lists members added by hand whom the sync did not find in the WOM group, not those who left', () => {
    renderAlerts([
      adminMember('Quiet'),
      adminMember('Hand Added', { wom_id: '5001', not_in_wom: true, wom_role_synced: null }),
      adminMember('Gone Away', { wom_id: '5002', not_in_wom: true, left_at: '2026-11-01T00:00:00.000Z' }),
    ]);
    const flagged = section('Not in the WOM Group');
    expect(within(flagged).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Not in the WOM Group1 flagged',
    );
    expect(
      within(flagged).getByText(/not in the clan's Wise Old Man group at the last sync/),
    ).toBeInTheDocument();
    expect(
      within(flagged)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hand AddedWOM ID 5001']);
  });

  it('shows no WOM group section while every member is in the group', () => {
    renderAlerts([adminMember('Quiet')]);
    expect(screen.queryByRole('region', { name: /^Not in the WOM Group/ })).toBeNull();
  });

  describe('rank updates', () => {
    const members = [
      adminMember('Grown', {
        womrole: 'opal',
        calculated_rank: 'sapphire',
        role_mismatch: true,
        rank_proposal: {
          rank: 'sapphire',
          direction: 'promotion',
          basis: 'XP gained 3.4M since 12 Jun 2024',
          requirement: 'clan_xp',
        },
      }),
      adminMember('Fighter', {
        womrole: 'mentor',
        calculated_rank: 'tzkal',
        role_mismatch: true,
        rank_proposal: { rank: 'tzkal', direction: 'promotion', basis: 'EHB 1505', requirement: 'ehb' },
      }),
      adminMember('Hidden', {
        womrole: 'opal',
        calculated_rank: 'ruby',
        role_mismatch: true,
        hidden: true,
        rank_proposal: {
          rank: 'ruby',
          direction: 'promotion',
          basis: 'XP gained 20.0M since 1 Jan 2025',
          requirement: 'clan_xp',
        },
      }),
      // The server proposes nothing for a gem demotion on a first-seen baseline: nor does the tab.
      adminMember('First Seen', { womrole: 'ruby', calculated_rank: 'opal', baseline_source: 'first_seen' }),
      adminMember('Fine', { womrole: 'opal', calculated_rank: 'opal' }),
    ];

    it('lists each proposal for a shown member, from their role to the rank, with what it rests on', () => {
      renderAlerts(members);
      const items = within(section('Rank Updates')).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        'FighterMentortoTzKal, a promotionEHB: EHB 1505Update Rank',
        'GrownOpaltoSapphire, a promotionClan XP: XP gained 3.4M since 12 Jun 2024Update Rank',
      ]);
    });

    it('names the ranks as the clan ladder names them, and the requirement a proposal rests on', () => {
      const ladder = {
        paths: [
          {
            key: 'members',
            name: 'Members',
            ranks: [
              { role: 'iron', name: 'Newcomer', requirements: [] },
              {
                role: 'steel',
                name: 'Regular',
                requirements: [{ measure: 'tenure_days' as const, min: 30 }],
              },
            ],
          },
        ],
        exempt: ['owner'],
      };
      renderAlerts(
        [
          adminMember('Stayer', {
            womrole: 'iron',
            calculated_rank: 'steel',
            role_mismatch: true,
            rank_proposal: {
              rank: 'steel',
              direction: 'promotion',
              basis: 'In the clan 45 days',
              requirement: 'tenure_days',
            },
          }),
        ],
        { ...testClan, ranks: ladder },
      );
      expect(
        within(section('Rank Updates'))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['StayerNewcomertoRegular, a promotionDays in the clan: In the clan 45 daysUpdate Rank']);
    });

    it('lists who has waited longest first, saying since when, then the undated by name', () => {
      const due = (name: string, due_since: string | null) =>
        adminMember(name, {
          womrole: 'opal',
          calculated_rank: 'sapphire',
          role_mismatch: true,
          rank_proposal: {
            rank: 'sapphire',
            direction: 'promotion',
            basis: 'XP gained 3.1M',
            requirement: 'clan_xp',
          },
          due_since,
        });
      renderAlerts([
        due('Zed', null),
        due('Late', '2026-11-20T00:00:00.000Z'),
        due('Abe', null),
        due('Early', '2026-10-02T00:00:00.000Z'),
      ]);
      expect(names()).toEqual(['Early', 'Late', 'Abe', 'Zed']);
      const early = within(section('Rank Updates')).getAllByRole('listitem')[0]!;
      expect(within(early).getByText(/^Due since /)).toHaveTextContent('Due since 2 Oct 2026');
      const undated = within(section('Rank Updates')).getAllByRole('listitem')[2]!;
      expect(within(undated).queryByText(/^Due since /)).toBeNull();
    });

    it('sets the calculated rank and takes the member off the list', async () => {
      const fetch = stubApi({
        'POST /api/admin/members/wom-Grown/rank': () =>
          Response.json(adminMember('Grown', { womrole: 'sapphire', calculated_rank: 'sapphire' })),
      });
      const { notify } = renderAlerts(members);
      const grown = within(section('Rank Updates')).getByRole('button', {
        name: 'Update Rank',
        description: 'Grown',
      });
      await userEvent.click(grown);

      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/wom-Grown/rank',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ role: 'sapphire' }) }),
      );
      await vi.waitFor(() => expect(screen.queryByText('Grown')).not.toBeInTheDocument());
      expect(screen.getByText('Fighter')).toBeInTheDocument();
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Grown is now Sapphire' });
    });

    it("reports a refused update with the server's message and keeps the member listed", async () => {
      stubApi({
        'POST /api/admin/members/wom-Fighter/rank': () => apiError(404, 'NOT_FOUND', 'Member not found'),
      });
      const { notify } = renderAlerts(members);
      await userEvent.click(screen.getByRole('button', { name: 'Update Rank', description: 'Fighter' }));
      await vi.waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'error',
          text: 'Failed to update rank: Member not found',
        }),
      );
      expect(screen.getByText('Fighter')).toBeInTheDocument();
    });
  });

  it('puts the decisions in order of urgency: reports, then claim requests, then rank updates', () => {
    renderWithQueries(
      <AlertsTab
        notify={vi.fn()}
        claimRequests={
          <section aria-label="Claim Requests">
            <h3>Claim Requests</h3>
          </section>
        }
      />,
      [
        [['clan'], testClan],
        [adminMembersQueryKey, [reported('Scammer')]],
      ],
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'RuneWatch Alerts1 reported',
      'Claim Requests',
      'Rank Updates0 proposed',
    ]);
  });

  describe('rank updates in groups', () => {
    const proposal = (name: string, from: string, to: string, direction: 'promotion' | 'demotion') =>
      adminMember(name, {
        womrole: from,
        calculated_rank: to,
        role_mismatch: true,
        rank_proposal: {
          rank: to,
          direction,
          basis: `basis of ${name}`,
          requirement: from === 'mentor' ? 'ehb' : 'clan_xp',
        },
      });
    const members = [
      proposal('Grown', 'opal', 'sapphire', 'promotion'),
      proposal('Fighter', 'mentor', 'tzkal', 'promotion'),
      proposal('Slacker', 'ruby', 'emerald', 'demotion'),
      proposal('Idle', 'diamond', 'ruby', 'demotion'),
    ];
    const group = (name: string) => within(section('Rank Updates')).getByRole('group', { name });

    it('counts the proposals and groups them into promotions and demotions, each with its basis', () => {
      renderAlerts(members);
      expect(within(section('Rank Updates')).getByRole('heading', { level: 3 })).toHaveTextContent(
        'Rank Updates4 proposed',
      );
      const names = (name: string) =>
        within(group(name))
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')?.textContent);
      expect(names('Promotions2')).toEqual(['Fighter', 'Grown']);
      expect(names('Demotions2')).toEqual(['Idle', 'Slacker']);
      expect(within(group('Demotions2')).getByText('basis of Slacker')).toBeInTheDocument();
    });

    it('applies a selection after one confirmation, one audited request each, and says which failed', async () => {
      const user = userEvent.setup();
      const fetch = stubApi({
        'POST /api/admin/members/wom-Grown/rank': () =>
          Response.json(adminMember('Grown', { womrole: 'sapphire', calculated_rank: 'sapphire' })),
        'POST /api/admin/members/wom-Fighter/rank': () => apiError(404, 'NOT_FOUND', 'Member not found'),
        'POST /api/admin/members/wom-Idle/rank': () =>
          Response.json(adminMember('Idle', { womrole: 'ruby', calculated_rank: 'ruby' })),
      });
      renderAlerts(members);
      const apply = within(section('Rank Updates')).getByRole('button', { name: /^Apply Selected/ });
      expect(apply).toBeDisabled();

      await user.click(within(group('Promotions2')).getByRole('checkbox', { name: 'Select all promotions' }));
      await user.click(within(group('Demotions2')).getByRole('checkbox', { name: 'Select Idle' }));
      expect(
        within(group('Demotions2')).getByRole('checkbox', { name: 'Select all demotions' }),
      ).toHaveProperty('indeterminate', true);
      expect(apply).toHaveTextContent('Apply Selected (3)');
      await user.click(apply);

      const dialog = screen.getByRole('dialog', { name: 'Apply Rank Updates' });
      expect(
        within(within(dialog).getByRole('list', { name: 'Rank changes' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Fighter:Mentor to TzKal(promotion)',
        'Grown:Opal to Sapphire(promotion)',
        'Idle:Diamond to Ruby(demotion)',
      ]);
      expect(fetch).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Apply 3 Rank Changes' }));

      expect(await within(dialog).findByRole('status')).toHaveTextContent('Updated 2 of 3 ranks.');
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Failed to update 1 rank: Fighter (Member not found)',
      );
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/wom-Idle/rank',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ role: 'ruby' }) }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      // The saved ones left the list; the failed one stays, still selected for another try.
      expect(names()).toEqual(['Fighter', 'Slacker']);
      expect(screen.getByRole('checkbox', { name: 'Select Fighter' })).toBeChecked();
      expect(screen.getByRole('button', { name: /^Apply Selected/ })).toHaveTextContent('Apply Selected (1)');
    });

    it('changes nothing when the confirmation is cancelled', async () => {
      const user = userEvent.setup();
      const fetch = stubApi({});
      renderAlerts(members);
      await user.click(screen.getByRole('checkbox', { name: 'Select all demotions' }));
      await user.click(screen.getByRole('button', { name: 'Apply Selected (2)' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Apply Rank Updates' })).getByRole('button', {
          name: 'Cancel',
        }),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(fetch).not.toHaveBeenCalled();
      expect(screen.getByRole('checkbox', { name: 'Select all demotions' })).toBeChecked();
    });
  });

  describe('player watch', () => {
    const members = [
      reported('Scammer'),
      reported('Cleared', { runewatch_whitelisted: true }),
      reported('Sneaky', {
        hidden: true,
        runewatch_case: watchCase({ quick_find: 'javascript:alert(1)', reason: 'Lured' }),
      }),
      adminMember('Honest'),
    ];

    it('lists reported members not yet whitelisted, with the count, warning and case details', () => {
      renderAlerts(members);
      const alerts = section('RuneWatch Alerts');
      expect(within(alerts).getByRole('heading')).toHaveTextContent('RuneWatch Alerts2 reported');
      expect(
        within(alerts).getByText('The following clan members have been reported on RuneWatch'),
      ).toBeInTheDocument();
      const items = within(alerts).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      const [scammer, sneaky] = items as [HTMLElement, HTMLElement];
      expect(scammer).toHaveTextContent(
        'ScammerReasonScammed a raid partyDate1 June 2025Evidence ratingStrongSourceRuneWatch',
      );
      const link = within(scammer).getByRole('link', { name: /^View case/ });
      expect(link).toHaveAttribute('href', 'https://runewatch.example/cases/42');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noreferrer');
      expect(sneaky).toHaveTextContent('Lured');
      expect(within(sneaky).queryByRole('link')).not.toBeInTheDocument();
    });

    it('whitelists with the default reason when none is typed, then says so for 3 seconds', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const fetch = stubApi({
        'POST /api/admin/members/wom-Scammer/whitelist': () =>
          Response.json(
            reported('Scammer', {
              runewatch_whitelisted: true,
              runewatch_whitelist_reason: 'Manually whitelisted by admin',
            }),
          ),
      });
      renderAlerts(members);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Whitelist', description: 'Scammer' }));
      const dialog = screen.getByRole('dialog', { name: 'Whitelist Scammer' });
      expect(within(dialog).getByLabelText('Reason (optional)')).toHaveAttribute(
        'placeholder',
        'Manually whitelisted by admin',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Confirm Whitelist' }));

      expect(await screen.findByText('Scammer has been whitelisted')).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/wom-Scammer/whitelist',
        expect.objectContaining({ body: JSON.stringify({ reason: '' }) }),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Whitelist', description: 'Scammer' }),
      ).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByText('Scammer has been whitelisted')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByText('Scammer has been whitelisted')).not.toBeInTheDocument();
    });

    it('sends the typed reason, and calls a member without a name Player', async () => {
      const fetch = stubApi({
        'POST /api/admin/members/wom-Scammer/whitelist': () =>
          Response.json(reported('Scammer', { name: '', runewatch_whitelisted: true })),
      });
      renderAlerts([reported('Scammer', { name: ' ' })]);
      await userEvent.click(screen.getByRole('button', { name: 'Whitelist' }));
      const dialog = screen.getByRole('dialog', { name: 'Whitelist Player' });
      await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Known to the clan  ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Whitelist' }));
      expect(await screen.findByText('Player has been whitelisted')).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/wom-Scammer/whitelist',
        expect.objectContaining({ body: JSON.stringify({ reason: 'Known to the clan' }) }),
      );
    });

    it("keeps the modal open with the server's message when whitelisting fails", async () => {
      stubApi({
        'POST /api/admin/members/wom-Scammer/whitelist': () =>
          apiError(409, 'CONFLICT', 'That conflicts with existing data'),
      });
      renderAlerts(members);
      await userEvent.click(screen.getByRole('button', { name: 'Whitelist', description: 'Scammer' }));
      const dialog = screen.getByRole('dialog', { name: 'Whitelist Scammer' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Whitelist' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to whitelist member: That conflicts with existing data',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Whitelist', description: 'Scammer' })).toBeInTheDocument();
    });
  });
});
