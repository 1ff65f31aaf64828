import { parseIsoDate } from '../events/iso-date.ts';

export interface Anniversary<T> {
  member: T;
  /** Whole years since the join date. */
  years: number;
}

interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The UTC calendar date of a join date ('YYYY-MM-DD' or a full ISO timestamp), or null when unreadable. */
function parseJoinDate(text: string): CalendarDate | null {
  const instant = parseIsoDate(text);
  if (instant === null) return null;
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

/** A 29 February join is celebrated on 28 February in years without a 29th. */
function celebratesOn(join: CalendarDate, today: CalendarDate): boolean {
  if (join.month === 2 && join.day === 29 && !isLeapYear(today.year)) {
    return today.month === 2 && today.day === 28;
  }
  return join.month === today.month && join.day === today.day;
}

function nameOf(member: unknown): string | null {
  if (typeof member !== 'object' || member === null || !('name' in member)) return null;
  return typeof member.name === 'string' ? member.name : null;
}

/**
 * Members whose join anniversary (UTC) is today, from the first year on; the join year itself is not an
 * anniversary. Unreadable join dates are returned as `invalid` so the caller can warn about them; a
 * missing join date is not an error.
 */
export function anniversariesOn<T extends { join_date: string | null }>(
  members: T[],
  today: Date,
): { anniversaries: Array<Anniversary<T>>; invalid: T[] } {
  const todayDate: CalendarDate = {
    year: today.getUTCFullYear(),
    month: today.getUTCMonth() + 1,
    day: today.getUTCDate(),
  };
  const anniversaries: Array<Anniversary<T>> = [];
  const invalid: T[] = [];
  for (const member of members) {
    const text = member.join_date;
    if (text === null || text === undefined || text.trim() === '') continue;
    const join = parseJoinDate(text);
    if (join === null) {
      invalid.push(member);
      continue;
    }
    const years = todayDate.year - join.year;
    if (years >= 1 && celebratesOn(join, todayDate)) anniversaries.push({ member, years });
  }
  anniversaries.sort((a, b) => {
    if (a.years !== b.years) return b.years - a.years;
    const nameA = nameOf(a.member);
    const nameB = nameOf(b.member);
    if (nameA === null || nameB === null) return 0;
    return nameA.localeCompare(nameB, 'en', { sensitivity: 'base' });
  });
  return { anniversaries, invalid };
}
