import { describe, expect, it } from 'vitest';
import { IRONMAN_TYPES, ironmanTypeOf } from './ironman.ts';

describe('ironmanTypeOf', () => {
  it('knows the six ironman types', () => {
    expect(IRONMAN_TYPES).toEqual([
      'standard',
      'hardcore',
      'ultimate',
      'group',
      'hardcore_group',
      'unranked_group',
    ]);
  });

  it('reads every type from the site ironman_type as stored', () => {
    for (const type of IRONMAN_TYPES) expect(ironmanTypeOf({ ironman_type: type })).toBe(type);
  });

  it.each([
    ['ironman', 'standard'],
    ['Standard', 'standard'],
    ['IM', 'standard'],
    ['Hardcore Ironman', 'hardcore'],
    ['hardcore-ironman', 'hardcore'],
    ['HCIM', 'hardcore'],
    ['Ultimate_Ironman', 'ultimate'],
    ['uim', 'ultimate'],
    ['Group Ironman', 'group'],
    ['GIM', 'group'],
    ['hardcore group ironman', 'hardcore_group'],
    ['hcgim', 'hardcore_group'],
    ['Unranked-Group-Ironman', 'unranked_group'],
    ['UGIM', 'unranked_group'],
    ['  uim  ', 'ultimate'],
  ] as const)('reads the site spelling %j as %s', (spelling, type) => {
    expect(ironmanTypeOf({ ironman_type: spelling })).toBe(type);
    expect(ironmanTypeOf({ build: spelling })).toBe(type);
  });

  it('prefers the site ironman_type over the build and WOM', () => {
    expect(ironmanTypeOf({ ironman_type: 'ultimate', build: 'hcim', wom_account_type: 'ironman' })).toBe(
      'ultimate',
    );
  });

  it('prefers the build over WOM account type', () => {
    expect(ironmanTypeOf({ build: 'gim', wom_account_type: 'ironman' })).toBe('group');
  });

  it('falls back to WOM account type when the site says nothing', () => {
    expect(ironmanTypeOf({ wom_account_type: 'ironman' })).toBe('standard');
    expect(ironmanTypeOf({ wom_account_type: 'hardcore' })).toBe('hardcore');
    expect(ironmanTypeOf({ wom_account_type: 'ultimate' })).toBe('ultimate');
    expect(ironmanTypeOf({ ironman_type: null, build: '', wom_account_type: 'ultimate' })).toBe('ultimate');
  });

  it('falls through site values that are not ironman types', () => {
    expect(ironmanTypeOf({ ironman_type: 'unknown', build: 'hcim' })).toBe('hardcore');
    expect(ironmanTypeOf({ ironman_type: 'regular', build: 'main', wom_account_type: 'ironman' })).toBe(
      'standard',
    );
    expect(ironmanTypeOf({ build: 'pure', wom_account_type: 'hardcore' })).toBe('hardcore');
  });

  it('never takes a group type from WOM account type', () => {
    expect(ironmanTypeOf({ wom_account_type: 'group' })).toBeNull();
    expect(ironmanTypeOf({ wom_account_type: 'hardcore_group' })).toBeNull();
    expect(ironmanTypeOf({ wom_account_type: 'gim' })).toBeNull();
  });

  it('gives null for accounts that are not ironmen', () => {
    expect(ironmanTypeOf({})).toBeNull();
    expect(ironmanTypeOf({ ironman_type: null, build: null, wom_account_type: null })).toBeNull();
    expect(
      ironmanTypeOf({ ironman_type: 'unknown', build: 'regular', wom_account_type: 'regular' }),
    ).toBeNull();
    expect(ironmanTypeOf({ build: 'main' })).toBeNull();
    expect(ironmanTypeOf({ build: 'f2p' })).toBeNull();
    expect(ironmanTypeOf({ wom_account_type: 'unknown' })).toBeNull();
    expect(ironmanTypeOf({ wom_account_type: 'fresh_start' })).toBeNull();
  });

  it('does not read inherited object keys as types', () => {
    expect(ironmanTypeOf({ build: 'constructor' })).toBeNull();
    expect(ironmanTypeOf({ build: 'toString' })).toBeNull();
  });
});
