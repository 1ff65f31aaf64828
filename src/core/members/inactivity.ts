import { z } from 'zod';
import { boundedDate } from '../bounds/years.ts';

/**
 * The inactivity view (issue 21, item 8): members with no XP or EHB gain for N days. Two sources
 * say when a member last gained: WOM's `lastChangedAt` (any stat moving, as the sync last saw it)
 * and the site's own daily snapshots (the latest day whose XP or EHB was above the day before it).
 * The later of the two is the member's last activity.
 *
 * Who is not listed, and why:
 * - a member away until today or a later day: the admin said they are away (today still counts);
 * - a member who joined fewer than N days ago: they have not been in the clan long enough to have
 *   been inactive in it for N days, whatever they did before joining;
 * - members who left or were deleted (the repository leaves them out): there is no one to chase.
 * Hidden members are listed: this is an admin view, and hiding someone from the public pages says
 * nothing about whether they play.
 *
 * A member never seen changing (no `lastChangedAt` and no gain between stored days) counts as
 * inactive since they joined: the site cannot show when they last played, only that it has not
 * seen it since they joined.
 */

export const INACTIVITY_DAYS = { min: 1, max: 365, default: 30 } as const;
/** The days the tab offers; any whole number in INACTIVITY_DAYS is accepted. */
export const INACTIVITY_DAY_CHOICES = [7, 14, 30, 60, 90] as const;
/** One page of the list: a clan's worth by default, and the most one request may ask for. */
export const INACTIVITY_PAGE = { default: 100, max: 500 } as const;

export const DAYS_MESSAGE = `days must be a whole number from ${INACTIVITY_DAYS.min} to ${INACTIVITY_DAYS.max}`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${INACTIVITY_PAGE.max}`;
const OFFSET_MESSAGE = 'offset must be a whole number from 0';
export const AWAY_FORMAT_MESSAGE = 'away_until must be a date (YYYY-MM-DD) or null';

/** "Away until must be today (2026-11-21) or later", for a date already past. */
export const awayInPastMessage = (today: string) => `Away until must be today (${today}) or later`;

const daysParam = z
  .string()
  .regex(/^[1-9]\d{0,2}$/, DAYS_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(INACTIVITY_DAYS.max, DAYS_MESSAGE))
  .default(INACTIVITY_DAYS.default);

/** `GET /api/admin/inactivity/export.csv`: every inactive member for `days`. */
export const inactivityExportQuerySchema = z.strictObject({ days: daysParam });

/** `GET /api/admin/inactivity`: one page of the inactive members for `days`. */
export const inactivityQuerySchema = z.strictObject({
  days: daysParam,
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(INACTIVITY_PAGE.max, LIMIT_MESSAGE))
    .default(INACTIVITY_PAGE.default),
  offset: z
    .string()
    .regex(/^(0|[1-9]\d{0,5})$/, OFFSET_MESSAGE)
    .transform(Number)
    .default(0),
});

/** `PUT /api/admin/members/:womId/away`; a date already past is refused by the service. */
export const awayInputSchema = z.strictObject({
  away_until: boundedDate('away_until', AWAY_FORMAT_MESSAGE).nullable(),
});
export type AwayInput = z.infer<typeof awayInputSchema>;

export const awayResultSchema = z.object({ wom_id: z.string(), away_until: z.string().nullable() });
export type AwayResult = z.infer<typeof awayResultSchema>;

export const inactiveMemberSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  womrole: z.string().nullable(),
  hidden: z.boolean(),
  /** The day of the member's last gain, or null when the site never saw them change. */
  last_active: z.iso.date().nullable(),
  /** Whole UTC days since `last_active`; since joining when never seen changing. */
  days_inactive: z.number().int().nonnegative(),
  /** A past away date stays shown: it no longer exempts the member. */
  away_until: z.iso.date().nullable(),
});
export type InactiveMember = z.infer<typeof inactiveMemberSchema>;

export const awayMemberSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  womrole: z.string().nullable(),
  hidden: z.boolean(),
  away_until: z.iso.date(),
});
export type AwayMember = z.infer<typeof awayMemberSchema>;

export const inactivityListSchema = z.object({
  days: z.number().int(),
  /** The UTC day the list was worked out on. */
  today: z.iso.date(),
  /** Inactive members in all, across pages. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Longest inactive first. */
  members: z.array(inactiveMemberSchema),
  /** Everyone exempt as away today, soonest back first, so their dates can be cleared. */
  away: z.array(awayMemberSchema),
});
export type InactivityList = z.infer<typeof inactivityListSchema>;

/** What the rule needs to know about one member, as stored. */
export interface InactivityFacts {
  wom_id: string;
  name: string;
  womrole: string | null;
  hidden: boolean;
  /** The day they joined the clan, else the day the site added them. */
  joined_on: string;
  /** WOM's `lastChangedAt` (an ISO timestamp), null when unknown. */
  wom_last_changed_at: string | null;
  /** The latest stored day whose XP or EHB was above the stored day before it. */
  last_gain_day: string | null;
  away_until: string | null;
}

export type InactivityStatus = 'inactive' | 'active' | 'away' | 'new';

export interface InactivityAssessment {
  status: InactivityStatus;
  last_active: string | null;
  days_inactive: number;
}

const DAY_MS = 86_400_000;

/** Whole days from one UTC day ('YYYY-MM-DD') to a later one; never below 0. */
function daysFrom(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS));
}

/** The later of two days; ISO days order as text. */
function laterDay(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/**
 * In how many days a member away until `awayUntil` (their last day away) is back: 1 on their last
 * day, 0 once it has passed.
 */
export function daysUntilBack(awayUntil: string, today: string): number {
  return awayUntil < today ? 0 : daysFrom(today, awayUntil) + 1;
}

/** True while the member is away: until and including their away date. */
export function isAway(awayUntil: string | null, today: string): boolean {
  return awayUntil !== null && awayUntil >= today;
}

/** Where a member stands on `today` for an inactivity window of `days` (see the rule above). */
export function assessInactivity(facts: InactivityFacts, today: string, days: number): InactivityAssessment {
  const lastActive = laterDay(facts.wom_last_changed_at?.slice(0, 10) ?? null, facts.last_gain_day);
  const sinceJoined = daysFrom(facts.joined_on, today);
  const daysInactive = lastActive === null ? sinceJoined : daysFrom(lastActive, today);
  const assessment = { last_active: lastActive, days_inactive: daysInactive };
  if (isAway(facts.away_until, today)) return { status: 'away', ...assessment };
  if (facts.joined_on > today || sinceJoined < days) return { status: 'new', ...assessment };
  return { status: daysInactive >= days ? 'inactive' : 'active', ...assessment };
}

/** The inactive members, longest inactive first (then by name), and the members away today. */
export function inactivityOf(
  members: readonly InactivityFacts[],
  today: string,
  days: number,
): { inactive: InactiveMember[]; away: AwayMember[] } {
  const inactive: InactiveMember[] = [];
  const away: AwayMember[] = [];
  for (const member of members) {
    const { status, last_active, days_inactive } = assessInactivity(member, today, days);
    const { wom_id, name, womrole, hidden, away_until } = member;
    if (status === 'inactive') {
      inactive.push({ wom_id, name, womrole, hidden, last_active, days_inactive, away_until });
    } else if (status === 'away' && away_until !== null) {
      away.push({ wom_id, name, womrole, hidden, away_until });
    }
  }
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  inactive.sort((a, b) => b.days_inactive - a.days_inactive || byName(a, b));
  away.sort((a, b) => a.away_until.localeCompare(b.away_until) || byName(a, b));
  return { inactive, away };
}

/** What the CSV and the tab say for a member never seen changing. */
export const NEVER_SEEN_CHANGING = 'Never seen changing';

export const INACTIVITY_EXPORT_COLUMNS = [
  'Name',
  'WOM ID',
  'Role',
  'Last Active',
  'Days Inactive',
  'Away Until',
  'Hidden',
] as const;

export function inactivityExportRow(member: InactiveMember): (string | number | null)[] {
  return [
    member.name,
    member.wom_id,
    member.womrole,
    member.last_active ?? NEVER_SEEN_CHANGING,
    member.days_inactive,
    member.away_until,
    member.hidden ? 'yes' : 'no',
  ];
}

/** 'siege-inactive-30d-{YYYY-MM-DD}.csv', on today's UTC date. */
export function inactivityExportFileName(days: number, now: Date): string {
  return `siege-inactive-${days}d-${now.toISOString().slice(0, 10)}.csv`;
}
