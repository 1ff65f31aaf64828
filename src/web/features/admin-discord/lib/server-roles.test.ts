import { describe, expect, it } from 'vitest';
import {
  GUILD_ID,
  bot,
  emerald,
  everyone,
  moderator,
  sapphire,
  testRankRoles,
} from '../testing/discord-home.ts';
import { assignableRoles, rankRolesInput, roleChangeText, roleName } from './server-roles.ts';

describe('server roles', () => {
  it('offers the roles the bot can give, highest first: not a managed one, nor @everyone', () => {
    const roles = [everyone, sapphire, bot, moderator, emerald];
    expect(assignableRoles(roles, GUILD_ID)).toEqual([moderator, emerald, sapphire]);
    // @everyone is known by its name too, before the server id has loaded.
    expect(assignableRoles(roles, null)).toEqual([moderator, emerald, sapphire]);
  });

  it('names a role, or gives the id of one the server no longer has', () => {
    expect(roleName([sapphire], sapphire.id)).toBe('Sapphire');
    expect(roleName([sapphire], '42')).toBe('42');
    expect(roleName(null, '42', 'Deleted role')).toBe('Deleted role (42)');
  });

  it('saves each shown key that has a role and leaves the rest out', () => {
    const { keys } = testRankRoles();
    expect(rankRolesInput({ owner: moderator.id, emerald: '', retired: '5' }, keys)).toEqual({
      roles: { owner: moderator.id },
    });
  });

  it("says a member's role change in words", () => {
    const change = {
      discord_user_id: '1',
      username: 'zezima',
      add: [emerald.id],
      remove: [sapphire.id, '42'],
    };
    expect(roleChangeText(change, [emerald, sapphire])).toBe('zezima: add Emerald; remove Sapphire, 42');
    expect(roleChangeText({ ...change, remove: [] }, [emerald])).toBe('zezima: add Emerald');
    expect(roleChangeText({ ...change, add: [] }, null)).toBe(`zezima: remove ${sapphire.id}, 42`);
  });
});
