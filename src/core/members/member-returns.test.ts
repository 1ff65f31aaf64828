import { describe, expect, it } from 'vitest';
import { isReturn, joinDateChoice } from './member-returns.ts';

describe('isReturn', () => {
  it('is a return when the site saw the member leave', () => {
    expect(
      isReturn({ left_at: '2026-10-01T00:00:00.000Z', wom_join_date_synced: '2023-01-02' }, '2023-01-02'),
    ).toBe(true);
  });

  it('is a return when WOM dates the membership later than before', () => {
    expect(isReturn({ left_at: null, wom_join_date_synced: '2023-01-02' }, '2026-11-20')).toBe(true);
  });

  it('is no return when WOM learns an earlier join date, or has none to compare with', () => {
    expect(isReturn({ left_at: null, wom_join_date_synced: '2026-10-16' }, '2024-05-01')).toBe(false);
    expect(isReturn({ left_at: null, wom_join_date_synced: null }, '2026-11-20')).toBe(false);
    expect(isReturn({ left_at: null, wom_join_date_synced: '2023-01-02' }, null)).toBe(false);
  });
});

describe('joinDateChoice', () => {
  it('offers the first join date on record and the latest return', () => {
    expect(
      joinDateChoice([
        { left_at: null, returned_on: '2025-03-01', joined_before: '2022-04-23' },
        { left_at: '2026-10-01T00:00:00.000Z', returned_on: '2026-11-20', joined_before: '2025-03-01' },
      ]),
    ).toEqual({ first_joined: '2022-04-23', returned_on: '2026-11-20' });
  });

  it('offers nothing before any return, or without a join date to go back to', () => {
    expect(joinDateChoice([])).toBeNull();
    expect(joinDateChoice([{ left_at: null, returned_on: '2026-11-20', joined_before: null }])).toBeNull();
  });
});
