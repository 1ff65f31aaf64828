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
