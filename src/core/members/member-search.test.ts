import { describe, expect, it } from 'vitest';
import { searchMembers } from './member-search.ts';

const members = [
  { name: 'Zezima', wom_name: 'Zezima', womrole: 'zenyte' },
  { name: 'Iron_Bob', wom_name: 'Old Bob', womrole: 'deputy_owner' },
  { name: 'Lynx Titan', wom_name: null, womrole: null },
];
const names = (found: typeof members) => found.map((member) => member.name);

describe('searchMembers', () => {
  it('keeps everyone for an empty or blank search', () => {
    expect(names(searchMembers(members, ''))).toEqual(['Zezima', 'Iron_Bob', 'Lynx Titan']);
    expect(names(searchMembers(members, '  \t '))).toEqual(['Zezima', 'Iron_Bob', 'Lynx Titan']);
  });

  it('matches a substring of the name whatever its case', () => {
    expect(names(searchMembers(members, 'ZEZ'))).toEqual(['Zezima']);
    expect(names(searchMembers(members, 'titan'))).toEqual(['Lynx Titan']);
  });

  it('matches the WOM name', () => {
    expect(names(searchMembers(members, 'old b'))).toEqual(['Iron_Bob']);
  });

  it('matches the role by its stored key or as it is shown', () => {
    expect(names(searchMembers(members, 'zenyte'))).toEqual(['Zezima']);
    expect(names(searchMembers(members, 'Deputy Owner'))).toEqual(['Iron_Bob']);
    expect(names(searchMembers(members, 'deputy_owner'))).toEqual(['Iron_Bob']);
  });

  it('treats space, underscore and hyphen in names as the same character', () => {
    expect(names(searchMembers(members, 'iron bob'))).toEqual(['Iron_Bob']);
    expect(names(searchMembers(members, 'lynx-titan'))).toEqual(['Lynx Titan']);
  });

  it('ignores spaces around the search and finds nobody for text no member has', () => {
    expect(names(searchMembers(members, '  zezima  '))).toEqual(['Zezima']);
    expect(searchMembers(members, 'nobody')).toEqual([]);
  });
});
