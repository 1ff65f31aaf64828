import { describe, expect, it } from 'vitest';
import { anniversariesOn } from './anniversaries.ts';

interface Member {
  name: string;
  join_date: string | null;
}

function joined(name: string, join_date: string | null): Member {
  return { name, join_date };
}

function namesAndYears(members: Member[], today: string): Array<[string, number]> {
  return anniversariesOn(members, new Date(today)).anniversaries.map(({ member, years }) => [
    member.name,
    years,
  ]);
}

describe('anniversariesOn', () => {
  it('celebrates a member on the day and month they joined', () => {
    expect(namesAndYears([joined('Zezima', '2021-06-15')], '2024-06-15T09:00:00Z')).toEqual([['Zezima', 3]]);
  });

  it('does not celebrate on other days', () => {
    const members = [joined('Zezima', '2021-06-15')];
    expect(namesAndYears(members, '2024-06-14T23:59:59Z')).toEqual([]);
    expect(namesAndYears(members, '2024-06-16T00:00:00Z')).toEqual([]);
    expect(namesAndYears(members, '2024-07-15T12:00:00Z')).toEqual([]);
  });

  it('celebrates from the first year and never in the join year', () => {
    expect(namesAndYears([joined('New', '2024-06-15')], '2024-06-15T12:00:00Z')).toEqual([]);
    expect(namesAndYears([joined('One', '2023-06-15')], '2024-06-15T12:00:00Z')).toEqual([['One', 1]]);
  });

  it('ignores join dates in the future', () => {
    expect(namesAndYears([joined('Later', '2030-06-15')], '2024-06-15T12:00:00Z')).toEqual([]);
  });

  it('judges today by its UTC date', () => {
    const members = [joined('Zezima', '2021-06-15')];
    expect(namesAndYears(members, '2024-06-15T23:30:00-05:00')).toEqual([]);
    expect(namesAndYears(members, '2024-06-14T23:30:00-05:00')).toEqual([['Zezima', 3]]);
  });

  it('reads a full ISO timestamp as its UTC date', () => {
    expect(namesAndYears([joined('Ts', '2021-06-15T10:20:30.000Z')], '2024-06-15T00:00:00Z')).toEqual([
      ['Ts', 3],
    ]);
    expect(namesAndYears([joined('Offset', '2021-06-14T22:00:00-04:00')], '2024-06-15T00:00:00Z')).toEqual([
      ['Offset', 3],
    ]);
    expect(namesAndYears([joined('NoZone', '2021-06-15 23:59:59')], '2024-06-15T00:00:00Z')).toEqual([
      ['NoZone', 3],
    ]);
  });

  it('celebrates a 29 February join on 28 February in a non-leap year', () => {
    const members = [joined('Leap', '2020-02-29')];
    expect(namesAndYears(members, '2023-02-28T12:00:00Z')).toEqual([['Leap', 3]]);
    expect(namesAndYears(members, '2023-03-01T12:00:00Z')).toEqual([]);
  });

  it('celebrates a 29 February join only on the 29th in a leap year', () => {
    const members = [joined('Leap', '2020-02-29')];
    expect(namesAndYears(members, '2024-02-29T12:00:00Z')).toEqual([['Leap', 4]]);
    expect(namesAndYears(members, '2024-02-28T12:00:00Z')).toEqual([]);
  });

  it('treats 2100 as a non-leap year', () => {
    expect(namesAndYears([joined('Leap', '2096-02-29')], '2100-02-28T12:00:00Z')).toEqual([['Leap', 4]]);
  });

  it('celebrates a 28 February join only on the 28th', () => {
    const members = [joined('Feb28', '2019-02-28')];
    expect(namesAndYears(members, '2024-02-28T12:00:00Z')).toEqual([['Feb28', 5]]);
    expect(namesAndYears(members, '2024-02-29T12:00:00Z')).toEqual([]);
  });

  it('sorts by years descending, then by name', () => {
    const members = [
      joined('charlie', '2022-05-01'),
      joined('Bravo', '2020-05-01'),
      joined('alpha', '2022-05-01'),
      joined('Delta', '2023-05-01'),
      joined('Echo', '2020-05-02'),
    ];
    expect(namesAndYears(members, '2024-05-01T08:00:00Z')).toEqual([
      ['Bravo', 4],
      ['alpha', 2],
      ['charlie', 2],
      ['Delta', 1],
    ]);
  });

  it('keeps the given order for equal years when members have no name', () => {
    const members = [
      { id: 2, join_date: '2022-05-01' },
      { id: 1, join_date: '2022-05-01' },
    ];
    const { anniversaries } = anniversariesOn(members, new Date('2024-05-01T00:00:00Z'));
    expect(anniversaries.map(({ member }) => member.id)).toEqual([2, 1]);
  });

  it('skips members without a join date without reporting them', () => {
    const result = anniversariesOn([joined('None', null), joined('Blank', '  ')], new Date('2024-05-01Z'));
    expect(result).toEqual({ anniversaries: [], invalid: [] });
  });

  it('reports unreadable and impossible join dates as invalid', () => {
    const members = [
      joined('Feb30', '2022-02-30'),
      joined('Soon', 'soon'),
      joined('Month13', '2022-13-01'),
      joined('NotLeap', '2023-02-29'),
      joined('Hour25', '2022-05-01T25:00:00Z'),
      joined('Slashes', '2022/05/01'),
      joined('Fine', '2022-05-01'),
    ];
    const result = anniversariesOn(members, new Date('2024-05-01T00:00:00Z'));
    expect(result.invalid.map((member) => member.name)).toEqual([
      'Feb30',
      'Soon',
      'Month13',
      'NotLeap',
      'Hour25',
      'Slashes',
    ]);
    expect(result.anniversaries.map(({ member }) => member.name)).toEqual(['Fine']);
  });

  it('returns the members themselves', () => {
    const zezima = joined('Zezima', '2021-06-15');
    const { anniversaries } = anniversariesOn([zezima], new Date('2024-06-15T00:00:00Z'));
    expect(anniversaries[0]?.member).toBe(zezima);
  });
});
