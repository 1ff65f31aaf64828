/**
 * ISO 8601 date or date-time: 'YYYY-MM-DD', optionally followed by 'T' or a space and 'HH:mm',
 * seconds, fractions and a zone ('Z' or '+hh:mm').
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month numbered 1 to 12. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Minutes east of UTC for 'Z', '+02', '+0530' or '-05:00'. */
function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/**
 * The instant an ISO date or date-time names, or null when the text is not one or names an impossible
 * date. Strict on purpose: `Date` rolls '2022-02-30' over into March and reads a time without a zone
 * as the machine's local time, while every server date is UTC, so a missing zone means UTC here.
 */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (match === null) return null;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction, zone] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText ?? '0');
  const minute = Number(minuteText ?? '0');
  const second = Number(secondText ?? '0');
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const milliseconds = Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  // Date.UTC reads years 0 to 99 as 1900 to 1999; setUTCFullYear takes the year as written.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, milliseconds);
  return new Date(instant.getTime() - offsetMinutes(zone ?? 'Z') * 60_000);
}
