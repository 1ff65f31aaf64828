export type SiteIcon = 'pumpkin' | 'hat' | 'default';

/** The site icon follows the calendar: a pumpkin in October, a hat in December (UTC month). */
export function siteIconFor(now: Date): SiteIcon {
  const month = now.getUTCMonth();
  if (month === 9) return 'pumpkin';
  if (month === 11) return 'hat';
  return 'default';
}
