import { describe, expect, it } from 'vitest';
import type { WatchListCase } from './player-watch.schema.ts';
import { planWatchImport, type StoredCase, type WatchedMember } from './watch-import.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function listCase(accused_rsn: string, fields: Partial<WatchListCase> = {}): WatchListCase {
  return {
    accused_rsn,
    published_date: '2026-03-01T10:00:00Z',
    reason: 'Scamming',
    evidence_rating: 'High',
    quick_find: `https://runewatch.com/cases/${accused_rsn}`,
    source: 'RuneWatch',
    ...fields,
  };
}

function member(wom_id: string, name: string, fields: Partial<WatchedMember> = {}): WatchedMember {
  return {
    wom_id,
    name,
    wom_name: null,
    runewatch_reported: false,
    runewatch_flagged: false,
    runewatch_reported_at: null,
    runewatch_case: null,
    runewatch_whitelisted: false,
    runewatch_whitelisted_at: null,
    ...fields,
  };
}

function plan(list: WatchListCase[], members: WatchedMember[], stored: StoredCase[] = []) {
  return planWatchImport({ list, stored, members, now: NOW });
}

describe('planWatchImport: matching members', () => {
  it("matches 'Iron_Man', 'iron man' and 'IRON-MAN' to the same member", () => {
    for (const accused of ['Iron_Man', 'iron man', 'IRON-MAN']) {
      const { members } = plan([listCase(accused)], [member('1', 'Iron Man')]);
      expect(members.map((change) => [change.wom_id, change.kind])).toEqual([['1', 'reported']]);
    }
  });

  it('matches a member by their WOM name when their site name differs', () => {
    const { members } = plan([listCase('Old_Name')], [member('1', 'Nickname', { wom_name: 'old name' })]);
    expect(members.map((change) => change.wom_id)).toEqual(['1']);
  });

  it('ignores names nobody in the clan has', () => {
    const { members, result } = plan([listCase('Stranger'), listCase('Iron Man')], [member('1', 'Ironman')]);
    expect(members).toEqual([]);
    expect(result).toEqual({ cases: 2, reported_members: 0, newly_reported: 0, cleared: 0 });
  });

  it('reports a member with the case details and its publication date', () => {
    const { members, result } = plan(
      [listCase('Iron Man', { published_date: '2026-03-01 10:00' })],
      [member('1', 'Iron Man')],
    );
    expect(members).toEqual([
      {
        wom_id: '1',
        kind: 'reported',
        liftWhitelist: false,
        report: {
          runewatch_reported: true,
          runewatch_flagged: true,
          runewatch_reported_at: '2026-03-01T10:00:00.000Z',
          runewatch_case: {
            accused_rsn: 'Iron Man',
            published_date: '2026-03-01T10:00:00.000Z',
            reason: 'Scamming',
            evidence_rating: 'High',
            quick_find: 'https://runewatch.com/cases/Iron Man',
            source: 'RuneWatch',
          },
        },
      },
    ]);
    expect(result).toEqual({ cases: 1, reported_members: 1, newly_reported: 1, cleared: 0 });
  });

  it('keeps the newest of several cases against one member', () => {
    const { members } = plan(
      [
        listCase('iron man', { published_date: '2025-01-01', quick_find: 'a' }),
        listCase('Iron_Man', { published_date: '2026-06-01', quick_find: 'b' }),
        listCase('IRON MAN', { published_date: null, quick_find: 'c' }),
      ],
      [member('1', 'Iron Man')],
    );
    expect(members[0]?.report.runewatch_case?.quick_find).toBe('b');
  });

  it('dates a case without a publication date when the member was first seen reported', () => {
    const undated = listCase('Iron Man', { published_date: 'last spring' });
    const first = plan([undated], [member('1', 'Iron Man')]).members[0]!;
    expect(first.report.runewatch_reported_at).toBe(NOW.toISOString());
    expect(first.report.runewatch_case?.published_date).toBeNull();

    const later = planWatchImport({
      list: [undated],
      stored: [],
      members: [member('1', 'Iron Man', first.report)],
      now: new Date('2026-12-01T00:00:00Z'),
    });
    expect(later.members).toEqual([]);
  });

  it('keeps no publication date from before 1990 or after 2100', () => {
    for (const published_date of ['0000-01-01', '1989-12-31', '2101-01-01T00:00:00Z']) {
      const imported = plan([listCase('Iron Man', { published_date })], [member('1', 'Iron Man')]);
      expect(imported.members[0]?.report.runewatch_case?.published_date, published_date).toBeNull();
    }
  });

  it('changes nothing for a member already reported with the same case', () => {
    const first = plan([listCase('Iron Man')], [member('1', 'Iron Man')]).members[0]!;
    const again = plan([listCase('Iron Man')], [member('1', 'Iron Man', first.report)]);
    expect(again.members).toEqual([]);
    expect(again.result).toEqual({ cases: 1, reported_members: 1, newly_reported: 0, cleared: 0 });
  });

  it('updates a reported member whose case details changed, without counting them as new', () => {
    const first = plan([listCase('Iron Man')], [member('1', 'Iron Man')]).members[0]!;
    const again = plan(
      [listCase('Iron Man', { evidence_rating: 'Very High' })],
      [member('1', 'Iron Man', first.report)],
    );
    expect(
      again.members.map((change) => [change.kind, change.report.runewatch_case?.evidence_rating]),
    ).toEqual([['updated', 'Very High']]);
    expect(again.result.newly_reported).toBe(0);
  });

  it('clears a member whose cases left the list', () => {
    const first = plan([listCase('Iron Man')], [member('1', 'Iron Man')]).members[0]!;
    const { members, result } = plan([listCase('Someone Else')], [member('1', 'Iron Man', first.report)]);
    expect(members).toEqual([
      {
        wom_id: '1',
        kind: 'cleared',
        liftWhitelist: false,
        report: {
          runewatch_reported: false,
          runewatch_flagged: false,
          runewatch_reported_at: null,
          runewatch_case: null,
        },
      },
    ]);
    expect(result).toEqual({ cases: 1, reported_members: 0, newly_reported: 0, cleared: 1 });
  });
});

describe('planWatchImport: whitelisted members', () => {
  const reported = plan([listCase('Iron Man')], [member('1', 'Iron Man')]).members[0]!.report;
  const whitelisted = member('1', 'Iron Man', {
    ...reported,
    runewatch_whitelisted: true,
    runewatch_whitelisted_at: '2026-05-01T00:00:00.000Z',
  });

  it('keeps the whitelisting while no case is newer than it', () => {
    expect(plan([listCase('Iron Man')], [whitelisted]).members).toEqual([]);
  });

  it('raises the alert again for a case published after the whitelisting', () => {
    const { members, result } = plan(
      [listCase('Iron Man'), listCase('iron_man', { published_date: '2026-06-01', quick_find: 'new' })],
      [whitelisted],
    );
    expect(members.map((change) => [change.kind, change.liftWhitelist])).toEqual([['realerted', true]]);
    expect(result.newly_reported).toBe(1);
  });

  it('does not lift a whitelisting for a case without a date', () => {
    const { members } = plan(
      [listCase('Iron Man'), listCase('Iron Man', { published_date: null, quick_find: 'undated' })],
      [whitelisted],
    );
    expect(members).toEqual([]);
  });
});

describe('planWatchImport: stored cases', () => {
  const stored = (id: number, accused: string, fields: Partial<WatchListCase> = {}): StoredCase => {
    const listed = plan([listCase(accused, fields)], []).cases.insert[0]!;
    return { ...listed, id };
  };

  it('adds new cases, keeps unchanged ones, updates changed ones and removes those gone', () => {
    const { cases } = plan(
      [listCase('Kept'), listCase('Changed', { reason: 'Botting' }), listCase('New')],
      [],
      [stored(1, 'Kept'), stored(2, 'Changed'), stored(3, 'Gone')],
    );
    expect(cases.insert.map((entry) => entry.accused_rsn)).toEqual(['New']);
    expect(cases.update.map((entry) => [entry.id, entry.reason])).toEqual([[2, 'Botting']]);
    expect(cases.remove).toEqual([3]);
  });

  it('stores a case listed twice once, with its name key and its date as an instant', () => {
    const { cases, result } = plan(
      [
        listCase('Iron_Man', { published_date: '2026-03-01' }),
        listCase('Iron_Man', { published_date: '2026-03-01' }),
      ],
      [],
    );
    expect(cases.insert).toEqual([
      expect.objectContaining({ normalised_rsn: 'iron man', published_date: '2026-03-01T00:00:00.000Z' }),
    ]);
    expect(result.cases).toBe(1);
  });

  it('keeps two cases against one name apart', () => {
    const { cases } = plan(
      [listCase('Iron Man', { quick_find: 'a' }), listCase('Iron Man', { quick_find: 'b' })],
      [],
    );
    expect(cases.insert).toHaveLength(2);
  });
});
