import { GROUP_ROLES } from '@wise-old-man/utils';
import { describe, expect, it } from 'vitest';
import { WOM_GROUP_ROLES, isKnownRole } from './known-roles.ts';
import { DEFAULT_LADDER } from '../clan/default-rules.ts';
import { ADMIN_TITLES, rankOptions } from './roles.ts';

describe('known roles', () => {
  it("lists the same group roles as Wise Old Man's library", () => {
    expect(WOM_GROUP_ROLES).toEqual(GROUP_ROLES);
  });

  it("knows every rank of the member form, the site's own PvM Organizer included", () => {
    for (const option of rankOptions(DEFAULT_LADDER.paths)) {
      expect(isKnownRole(option.value), option.value).toBe(true);
    }
    expect(isKnownRole('pvm_organizer')).toBe(true);
  });

  it('knows every admin title and every role of the default ladder, exempt ones included', () => {
    for (const title of ADMIN_TITLES) expect(isKnownRole(title), title).toBe(true);
    const ladderRoles = [
      ...DEFAULT_LADDER.paths.flatMap((path) => path.ranks.map((rank) => rank.role)),
      ...DEFAULT_LADDER.exempt,
    ];
    for (const role of ladderRoles) expect(isKnownRole(role), role).toBe(true);
  });

  it('knows roles only WOM has, such as maxed and member', () => {
    expect(isKnownRole('maxed')).toBe(true);
    expect(isKnownRole('member')).toBe(true);
  });

  it('knows no free text, nor a rank as typed rather than stored', () => {
    for (const role of ['emperor', 'admin', 'x', '', 'Deputy Owner', 'opal ', 'opal_']) {
      expect(isKnownRole(role), role).toBe(false);
    }
  });
});
