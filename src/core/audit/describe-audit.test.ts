import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  AUDIT_ACTION_LABELS,
  auditActorName,
  describeAuditEntry,
  type DescribableEntry,
} from './describe-audit.ts';

function row(action: string, overrides: Partial<DescribableEntry> = {}): DescribableEntry {
  return {
    actor_user_id: 1,
    actor_label: 'boss',
    actor_name: 'boss',
    action,
    target_type: 'member',
    target_id: '1234',
    before: null,
    after: null,
    target_name: 'BigJad',
    member_wom_id: '1234',
    member_name: 'BigJad',
    member_names: {},
    ...overrides,
  };
}

const userRow = (action: string, overrides: Partial<DescribableEntry> = {}) =>
  row(action, {
    target_type: 'user',
    target_id: '7',
    target_name: 'alice',
    member_wom_id: null,
    member_name: null,
    ...overrides,
  });

describe('describeAuditEntry', () => {
  it('says what was done to a member, by name', () => {
    expect(describeAuditEntry(row('member.points', { after: { siege_score: 15, amount: 5 } }))).toBe(
      'gave 5 points to BigJad',
    );
    expect(describeAuditEntry(row('member.points', { after: { amount: 1 } }))).toBe('gave 1 point to BigJad');
    expect(
      describeAuditEntry(row('member.update', { after: { siege_score: 3, title: 'x', womrole: 'ruby' } })),
    ).toBe('edited BigJad (siege score, title and rank)');
    expect(describeAuditEntry(row('member.create'))).toBe('added BigJad to the roster');
    expect(describeAuditEntry(row('member.delete'))).toBe('removed BigJad from the roster');
    expect(describeAuditEntry(row('member.restore'))).toBe('restored BigJad to the roster');
    expect(
      describeAuditEntry(
        row('member.rank', { before: { womrole: 'sapphire' }, after: { womrole: 'pvm_organizer' } }),
      ),
    ).toBe("changed BigJad's rank from Sapphire to PvM Organizer");
    expect(describeAuditEntry(row('member.visibility', { after: { hidden: true } }))).toBe(
      'hid BigJad from the public site',
    );
    expect(describeAuditEntry(row('member.visibility', { after: { hidden: false } }))).toBe(
      'showed BigJad on the public site again',
    );
    expect(
      describeAuditEntry(row('member.whitelist', { after: { runewatch_whitelist_reason: 'Known alt' } })),
    ).toBe('whitelisted BigJad: Known alt');
    expect(
      describeAuditEntry(
        row('member.rename', { before: { wom_name: 'Big Jad' }, after: { wom_name: 'BigJad' } }),
      ),
    ).toBe('recorded that Big Jad is now called BigJad');
  });

  it('words the whitelist removal and the away date that are being added', () => {
    expect(
      describeAuditEntry(
        row('member.unwhitelist', {
          after: { runewatch_whitelisted: false, unwhitelist_reason: 'Caught scamming' },
        }),
      ),
    ).toBe('removed BigJad from the whitelist: Caught scamming');
    expect(describeAuditEntry(row('member.unwhitelist', { after: { reason: 'Caught scamming' } }))).toBe(
      'removed BigJad from the whitelist: Caught scamming',
    );
    expect(describeAuditEntry(row('member.unwhitelist', { after: { runewatch_whitelisted: false } }))).toBe(
      'removed BigJad from the whitelist',
    );
    expect(describeAuditEntry(row('member.away', { after: { away_until: '2026-12-24' } }))).toBe(
      'marked BigJad away until 24 Dec 2026',
    );
    expect(describeAuditEntry(row('member.away', { after: { away_until: null } }))).toBe(
      'marked BigJad as back from being away',
    );
  });

  it('names a member by WOM id when the server found no name', () => {
    expect(describeAuditEntry(row('member.delete', { member_name: null, target_name: null }))).toBe(
      'removed member #1234 from the roster',
    );
  });

  it('says what happened to claims, with the requester and the character', () => {
    const claim = { target_type: 'claim_request', target_id: '9', target_name: 'alice' };
    expect(describeAuditEntry(row('claim-request.approve', { ...claim, after: { admin_notes: null } }))).toBe(
      "approved alice's claim to BigJad",
    );
    expect(
      describeAuditEntry(row('claim-request.deny', { ...claim, after: { admin_notes: 'Not yours' } })),
    ).toBe("denied alice's claim to BigJad: Not yours");
    expect(
      describeAuditEntry(
        row('claim-request.close', {
          ...claim,
          after: { status: 'denied', admin_notes: 'This character was claimed by another user.' },
        }),
      ),
    ).toBe("closed alice's pending claim to BigJad: This character was claimed by another user.");
    const code = { target_type: 'claim_code', target_id: '3', target_name: null };
    expect(describeAuditEntry(row('claim-code.create', code))).toBe('made a claim code for BigJad');
    expect(describeAuditEntry(row('claim-code.revoke', code))).toBe('revoked a claim code for BigJad');
  });

  it('names events, seasons and bulk imports', () => {
    const event = { target_type: 'event', target_id: '4', member_wom_id: null, member_name: null };
    expect(describeAuditEntry(row('event.create', { ...event, target_name: 'Fishing Week' }))).toBe(
      'created the event Fishing Week',
    );
    // A deleted event's name survives in the row itself.
    expect(
      describeAuditEntry(row('event.delete', { ...event, target_name: null, before: { name: 'Old' } })),
    ).toBe('deleted the event Old');
    expect(describeAuditEntry(row('event.update', { ...event, target_name: null }))).toBe(
      'edited the event event #4',
    );
    expect(
      describeAuditEntry(
        row('season.reset', {
          target_type: 'season',
          after: { closed: { name: 'Season 1' }, opened: { name: 'Season 2' }, members_reset: 300 },
        }),
      ),
    ).toBe('reset every siege score, closing Season 1 and opening Season 2 (300 members)');
    expect(
      describeAuditEntry(
        row('member.import', { target_id: null, after: { '1': { title: 'a' }, '2': { title: 'b' } } }),
      ),
    ).toBe('imported a members CSV that changed 2 members');
    expect(
      describeAuditEntry(
        row('player-watch.import', {
          target_type: 'player-watch',
          target_id: null,
          after: { reported: ['1', '2', '3', '4', '5'], cleared: ['6'] },
          member_names: { '1': 'A', '2': 'B', '3': 'C', '6': 'F' },
        }),
      ),
    ).toBe('imported the player-watch list: 5 members reported (A, B, C and 2 more); 1 member cleared (F)');
    expect(describeAuditEntry(row('player-watch.import', { after: { reported: [], cleared: [] } }))).toBe(
      'imported the player-watch list, changing no member',
    );
  });

  it('says what was done to accounts', () => {
    expect(describeAuditEntry(userRow('user.create'))).toBe('created the account alice');
    const signUp = { actor_user_id: null, actor_label: 'register', actor_name: null };
    expect(describeAuditEntry(userRow('user.create', signUp))).toBe('signed up');
    expect(auditActorName(userRow('user.create', signUp))).toBe('alice');
    expect(describeAuditEntry(userRow('user.admin.grant'))).toBe('made alice an admin');
    expect(describeAuditEntry(userRow('user.admin.revoke'))).toBe("removed alice's admin rights");
    expect(describeAuditEntry(userRow('user.auth-id.link', { after: { supabase_auth_id: 'abc' } }))).toBe(
      'linked alice to a sign-in id',
    );
    expect(describeAuditEntry(userRow('user.auth-id.link', { after: { supabase_auth_id: null } }))).toBe(
      "unlinked alice's sign-in id",
    );
    expect(describeAuditEntry(userRow('user.password.change'))).toBe('changed their own password');
    expect(describeAuditEntry(userRow('user.password.reset'))).toBe("reset alice's password");
    expect(
      describeAuditEntry(
        userRow('user.password.reset', { after: { link_created_by: { id: 1, username: 'boss' } } }),
      ),
    ).toBe('set a new password with a reset link from boss');
    expect(
      describeAuditEntry(
        userRow('user.password.reset-link', { after: { expires_at: '2026-11-28T10:00:00.000Z' } }),
      ),
    ).toBe('made a password reset link for alice, valid until 28 Nov 2026');
    expect(describeAuditEntry(userRow('admin.account.create'))).toBe('created the admin account alice');
    expect(
      describeAuditEntry(
        userRow('admin.account.update', { before: { is_admin: false }, after: { password_changed: false } }),
      ),
    ).toBe('made alice an admin');
    expect(
      describeAuditEntry(
        userRow('admin.account.update', { before: { is_admin: true }, after: { password_changed: true } }),
      ),
    ).toBe('set a new password for the admin account alice');
  });

  it('names who acted: the account now, a job or the shell by what it is, else the name recorded', () => {
    expect(auditActorName(row('member.points', { actor_label: 'old name', actor_name: 'boss' }))).toBe(
      'boss',
    );
    const system = (label: string) =>
      auditActorName(row('member.rename', { actor_user_id: null, actor_label: label, actor_name: null }));
    expect(system('wom-sync')).toBe('The Wise Old Man sync');
    expect(system('npm run admin')).toBe('The server shell (npm run admin)');
    expect(system('cron')).toBe('cron');
    // An account removed since: its id is gone, its name recorded stays.
    expect(auditActorName(row('member.points', { actor_label: 'gone', actor_name: null }))).toBe('gone');
  });

  it('reads an action it has no wording for as a plain sentence', () => {
    expect(describeAuditEntry(row('member.teleport'))).toBe('recorded "member.teleport" on BigJad');
    expect(
      describeAuditEntry(row('goal.delete', { target_type: 'user_goal', target_id: '5', target_name: null })),
    ).toBe('recorded "goal.delete" on user goal #5');
    expect(
      describeAuditEntry(row('site.tidy', { target_type: 'site', target_id: null, target_name: null })),
    ).toBe('recorded "site.tidy" on site');
  });

  it('gives every known action a sentence of its own and a filter label', () => {
    for (const action of Object.keys(AUDIT_ACTION_LABELS)) {
      expect(describeAuditEntry(row(action))).not.toMatch(/^recorded "/);
      expect(actionLabel(action)).not.toBe(action);
    }
    expect(actionLabel('member.teleport')).toBe('member.teleport');
  });

  it('names the Discord and Dink actions, which the filter listed raw (issue 29)', () => {
    expect(actionLabel('discord.route_create')).toBe('Discord route added');
    expect(actionLabel('discord.route_stopped')).toBe('Discord route stopped');
    expect(actionLabel('dink.settings')).toBe('Dink thresholds changed');
    const route = (action: string, values: Partial<DescribableEntry>) =>
      describeAuditEntry(
        row(action, { target_type: 'discord_route', target_id: '3', target_name: null, ...values }),
      );
    expect(route('discord.route_create', { after: { name: '#clan-news' } })).toBe(
      'added the Discord route "#clan-news"',
    );
    expect(route('discord.route_delete', { before: { name: '#old' } })).toBe(
      'deleted the Discord route "#old"',
    );
    expect(route('discord.route_stopped', { after: { name: '#gone', reason: '404 Unknown Webhook' } })).toBe(
      'stopped the Discord route "#gone": Discord answered 404 Unknown Webhook',
    );
    expect(route('discord.route_update', {})).toBe('edited Discord route #3');
    expect(
      auditActorName(
        row('discord.route_stopped', {
          actor_user_id: null,
          actor_label: 'discord-delivery',
          actor_name: null,
        }),
      ),
    ).toBe('The Discord delivery');
  });
});
