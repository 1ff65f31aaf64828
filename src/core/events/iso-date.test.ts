import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './iso-date.ts';

function iso(text: string): string | null {
  return parseIsoDate(text)?.toISOString() ?? null;
}

describe('parseIsoDate', () => {
  it('reads a date as UTC midnight', () => {
    expect(iso('2024-03-07')).toBe('2024-03-07T00:00:00.000Z');
  });

  it('reads a UTC timestamp', () => {
    expect(iso('2024-03-07T18:45:12.345Z')).toBe('2024-03-07T18:45:12.345Z');
    expect(iso('2024-03-07T18:45Z')).toBe('2024-03-07T18:45:00.000Z');
  });

  it('applies a zone offset', () => {
    expect(iso('2024-03-07T01:00:00+02:00')).toBe('2024-03-06T23:00:00.000Z');
    expect(iso('2024-03-07T20:00:00-0500')).toBe('2024-03-08T01:00:00.000Z');
    expect(iso('2024-03-07T05:30:00+05')).toBe('2024-03-07T00:30:00.000Z');
  });

  it('reads a time without a zone as UTC, whatever the machine zone', () => {
    expect(iso('2024-03-07 18:45:12')).toBe('2024-03-07T18:45:12.000Z');
    expect(iso('2024-03-07T18:45:12')).toBe('2024-03-07T18:45:12.000Z');
  });

  it('reads the database timestamp form with microseconds and a short offset', () => {
    expect(iso('2024-03-07 18:45:12.123456+00')).toBe('2024-03-07T18:45:12.123Z');
  });

  it('keeps a year below 100 as written', () => {
    expect(parseIsoDate('0050-01-01')?.getUTCFullYear()).toBe(50);
  });

  it('keeps the 29th of February in a leap year', () => {
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('2000-02-29')).toBe('2000-02-29T00:00:00.000Z');
    expect(parseIsoDate('1900-02-29')).toBeNull();
  });

  it('rejects impossible dates instead of rolling them over', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2022-02-30')).toBeNull();
    expect(parseIsoDate('2022-04-31')).toBeNull();
    expect(parseIsoDate('2022-13-01')).toBeNull();
    expect(parseIsoDate('2022-00-10')).toBeNull();
    expect(parseIsoDate('2022-01-00')).toBeNull();
    expect(parseIsoDate('2022-01-01T24:00:00Z')).toBeNull();
    expect(parseIsoDate('2022-01-01T12:60:00Z')).toBeNull();
  });

  it('rejects text that is not an ISO date', () => {
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate('soon')).toBeNull();
    expect(parseIsoDate('07/03/2024')).toBeNull();
    expect(parseIsoDate('March 7, 2024')).toBeNull();
    expect(parseIsoDate('2024-3-7')).toBeNull();
    expect(parseIsoDate('2024-03-07Tnoon')).toBeNull();
  });
});
