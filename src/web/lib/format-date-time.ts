// Built once: toLocaleString would build a formatter for every row of a long table.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/**
 * A timestamp as '21 Nov 2026, 18:05 UTC'. Admin pages name the zone, since the server, the game's
 * weekly reset and the event form all work in UTC whatever the admin's own clock says.
 */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${dateTime.format(date)} UTC`;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and with or without the year, built on first use and kept. */
function zonedFormat(timeZone: string | undefined, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''} ${withYear}`;
  let format = zonedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      timeZone,
    });
    zonedFormats.set(key, format);
  }
  return format;
}

const yearIn = (date: Date, timeZone: string | undefined) =>
  zonedFormat(timeZone, true)
    .formatToParts(date)
    .find((part) => part.type === 'year')?.value;

/**
 * A timestamp in the reader's own time zone, the zone named: 'Sat 5 Dec, 18:00 CET', with the year
 * when it is not the current one ('Fri, 3 Dec 2027, 18:00 CET'). Intl knows the zone's rules and
 * names; `timeZone` is for tests, the browser's own zone otherwise.
 */
export function formatLocalDateTime(value: string, now: Date, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return zonedFormat(timeZone, yearIn(date, timeZone) !== yearIn(now, timeZone)).format(date);
}
