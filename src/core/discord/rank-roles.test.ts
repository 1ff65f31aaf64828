import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '../clan/default-rules.ts';
import type { RankLadder } from '../clan/rank-ladder.schema.ts';
import { highestKey, rankRoleKeys, roleDiff } from './rank-roles.ts';

const ladder: RankLadder = {
  paths: [
    {
      key: 'skiller',
      name: 'Skillers',
      ranks: ['opal', 'sapphire', 'emerald', 'ruby', 'diamond'].map((role) => ({
        role,
        name: role,
        requirements: [],
      })),
    },
    {
      key: 'fighter',
      name: 'Fighters',
      ranks: ['mentor', 'prefect', 'leader'].map((role) => ({ role, name: role, requirements: [] })),
    },
  ],
  exempt: ['owner', 'maxed'],
};

describe('rankRoleKeys', () => {
  it('lists the admin titles first, then the other exempt roles, then ranks by height up their path', () => {
    const keys = rankRoleKeys(ladder).map((key) => key.key);
    expect(keys.slice(0, 6)).toEqual([
      'owner',
      'deputy_owner',
      'general',
      'captain',
      'pvm_organizer',
      'maxed',
    ]);
    // Each path's top first (skiller before fighter on a tie), a path's middle above the other's bottom.
    expect(keys.slice(6)).toEqual([
      'diamond',
      'leader',
      'ruby',
      'emerald',
      'prefect',
      'sapphire',
      'opal',
      'mentor',
    ]);
  });

  it('names each key and says whether it is a title', () => {
    const keys = rankRoleKeys(DEFAULT_LADDER);
    expect(keys[0]).toEqual({ key: 'owner', name: 'Owner', group: 'title' });
    expect(keys.find((key) => key.key === 'zenyte')).toEqual({
      key: 'zenyte',
      name: 'Zenyte',
      group: 'rank',
    });
    expect(new Set(keys.map((key) => key.key)).size).toBe(keys.length);
  });
});

describe('highestKey', () => {
  const keys = rankRoleKeys(ladder);
  it("picks the highest of a person's characters' ranks", () => {
    expect(highestKey(keys, ['sapphire', 'leader', null])).toBe('leader');
    expect(highestKey(keys, ['opal', 'captain'])).toBe('captain');
  });
  it('is null for ranks the ladder does not know, or none', () => {
    expect(highestKey(keys, ['unknown_rank', null])).toBeNull();
    expect(highestKey(keys, [])).toBeNull();
  });
});

describe('roleDiff', () => {
  const mapping = { ruby: '10', diamond: '11', leader: '12', captain: '13', opal: '14', sapphire: '14' };
  it('adds the rank role and removes the other mapped ones', () => {
    expect(roleDiff(mapping, 'diamond', ['10', '99'])).toEqual({ add: ['11'], remove: ['10'] });
  });
  it('never touches roles the site does not map', () => {
    expect(roleDiff(mapping, 'ruby', ['10', '99', '500'])).toEqual({ add: [], remove: [] });
  });
  it('keeps a role two ranks share', () => {
    expect(roleDiff(mapping, 'sapphire', ['14'])).toEqual({ add: [], remove: [] });
  });
  it('takes every mapped role from someone with no rank, or an unmapped one', () => {
    expect(roleDiff(mapping, null, ['10', '12', '99'])).toEqual({ add: [], remove: ['10', '12'] });
    expect(roleDiff(mapping, 'emerald', ['10'])).toEqual({ add: [], remove: ['10'] });
  });
});
