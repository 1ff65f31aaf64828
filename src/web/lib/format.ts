const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
// Built once: toLocaleDateString would build a formatter for every date of a long list.
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 13034431 -> '13,034,431'. */
export function formatNumber(value: number): string {
  return integer.format(value);
}

/** XP in millions to one decimal (spec §9): 84528862 -> '84.5M'. */
export function formatMillions(value: number): string {
  return `${oneDecimal.format(value / 1_000_000)}M`;
}

/** A calendar date ('2022-04-23' or an ISO timestamp) as '23 April 2022', in UTC. */
export function formatLongDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return longDate.format(date);
}

/** A timestamp as '21 Nov 2026', in UTC. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return shortDate.format(date);
}
