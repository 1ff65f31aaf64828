import { isWithinYears } from '../bounds/years.ts';
import { parseIsoDate } from '../events/iso-date.ts';
import type { WatchCaseView } from '../members/admin-members.schema.ts';
import { normaliseRsn } from '../members/names.ts';
import type { WatchImportResult, WatchListCase } from './player-watch.schema.ts';

/** A case of the list as the site keeps it: its name's comparison key, its date as a UTC instant. */
export interface ListedCase extends WatchCaseView {
  normalised_rsn: string;
}

/** A case stored from an earlier import and still on the list. */
export interface StoredCase extends ListedCase {
  id: number;
}

/** A member's player-watch state, as the import compares and sets it. */
export interface MemberReport {
  runewatch_reported: boolean;
  runewatch_flagged: boolean;
  runewatch_reported_at: string | null;
  runewatch_case: WatchCaseView | null;
}

export interface WatchedMember extends MemberReport {
  wom_id: string;
  name: string;
  wom_name: string | null;
  runewatch_whitelisted: boolean;
  runewatch_whitelisted_at: string | null;
}

/**
 * What an import does to one member: `reported` (newly on the list), `realerted` (a case published
 * after their whitelisting lifts it), `updated` (still reported, other case details) or `cleared`
 * (their cases left the list).
 */
export interface MemberReportChange {
  wom_id: string;
  kind: 'reported' | 'realerted' | 'updated' | 'cleared';
  report: MemberReport;
  liftWhitelist: boolean;
}

export interface WatchImportPlan {
  cases: { insert: ListedCase[]; update: StoredCase[]; remove: number[] };
  members: MemberReportChange[];
  result: WatchImportResult;
}

const NOT_REPORTED: MemberReport = {
  runewatch_reported: false,
  runewatch_flagged: false,
  runewatch_reported_at: null,
  runewatch_case: null,
};

/** One case is one accused name, published once, at one case link; a list repeating it has it once. */
const caseKey = (listed: ListedCase) =>
  JSON.stringify([listed.normalised_rsn, listed.published_date, listed.quick_find]);

/** A publication date outside the years a date may fall in is as good as none (both databases store it alike). */
function publishedDate(text: string | null | undefined): Date | null {
  const published = text ? parseIsoDate(text) : null;
  return published && isWithinYears(published) ? published : null;
}

function listedCase(entry: WatchListCase): ListedCase {
  const published = publishedDate(entry.published_date);
  return {
    accused_rsn: entry.accused_rsn,
    normalised_rsn: normaliseRsn(entry.accused_rsn),
    published_date: published ? published.toISOString() : null,
    reason: entry.reason ?? null,
    evidence_rating: entry.evidence_rating ?? null,
    quick_find: entry.quick_find ?? null,
    source: entry.source ?? null,
  };
}

const viewOf = (listed: ListedCase): WatchCaseView => ({
  accused_rsn: listed.accused_rsn,
  published_date: listed.published_date,
  reason: listed.reason,
  evidence_rating: listed.evidence_rating,
  quick_find: listed.quick_find,
  source: listed.source,
});

/** A case's fields as a member's report shows them; the stored case adds its id and name key. */
export const CASE_VIEW_FIELDS = [
  'accused_rsn',
  'published_date',
  'reason',
  'evidence_rating',
  'quick_find',
  'source',
] as const satisfies readonly (keyof WatchCaseView)[];

const sameView = (a: WatchCaseView | null, b: WatchCaseView | null) =>
  a === null || b === null ? a === b : CASE_VIEW_FIELDS.every((field) => a[field] === b[field]);

/** Newest published first; a case without a date after every dated one. */
function newestFirst(a: ListedCase, b: ListedCase): number {
  if (a.published_date === b.published_date) return 0;
  if (a.published_date === null) return 1;
  if (b.published_date === null) return -1;
  return a.published_date < b.published_date ? 1 : -1;
}

function planCases(current: readonly StoredCase[], listed: readonly ListedCase[]): WatchImportPlan['cases'] {
  const stored = new Map(current.map((row) => [caseKey(row), row]));
  const insert: ListedCase[] = [];
  const update: StoredCase[] = [];
  for (const entry of listed) {
    const key = caseKey(entry);
    const row = stored.get(key);
    stored.delete(key);
    if (!row) insert.push(entry);
    else if (!sameView(row, entry)) update.push({ ...entry, id: row.id });
  }
  return { insert, update, remove: [...stored.values()].map((row) => row.id) };
}

function planMember(
  member: WatchedMember,
  cases: readonly ListedCase[],
  now: Date,
): MemberReportChange | null {
  const [latest] = [...cases].sort(newestFirst);
  if (!latest) {
    if (!member.runewatch_reported && !member.runewatch_flagged) return null;
    return { wom_id: member.wom_id, kind: 'cleared', report: NOT_REPORTED, liftWhitelist: false };
  }
  const report: MemberReport = {
    runewatch_reported: true,
    runewatch_flagged: true,
    // A case without a date is dated when the site first saw the member reported.
    runewatch_reported_at:
      latest.published_date ??
      (member.runewatch_reported ? member.runewatch_reported_at : null) ??
      now.toISOString(),
    runewatch_case: viewOf(latest),
  };
  const whitelistedAt = member.runewatch_whitelisted_at;
  const liftWhitelist =
    member.runewatch_whitelisted &&
    whitelistedAt !== null &&
    cases.some((listed) => listed.published_date !== null && listed.published_date > whitelistedAt);
  const unchanged =
    member.runewatch_reported &&
    member.runewatch_flagged &&
    member.runewatch_reported_at === report.runewatch_reported_at &&
    sameView(member.runewatch_case, report.runewatch_case);
  if (unchanged && !liftWhitelist) return null;
  let kind: MemberReportChange['kind'] = 'updated';
  if (!member.runewatch_reported) kind = 'reported';
  else if (liftWhitelist) kind = 'realerted';
  return { wom_id: member.wom_id, kind, report, liftWhitelist };
}

/**
 * A downloaded or uploaded player-watch list against what the site holds (domain-rules.md, Player
 * watch). The list replaces the stored cases: new ones are added, changed ones updated, and those
 * gone from the list are marked removed (their history stays). Members are matched on their name
 * and WOM name by the names' comparison key; names nobody in the clan has are ignored. A member keeps
 * their newest case; one whose cases are all gone is cleared; a whitelisted member with a case
 * published after the whitelisting is an alert again.
 */
export function planWatchImport(input: {
  list: readonly WatchListCase[];
  stored: readonly StoredCase[];
  members: readonly WatchedMember[];
  now: Date;
}): WatchImportPlan {
  const listed = [...new Map(input.list.map(listedCase).map((entry) => [caseKey(entry), entry])).values()];
  const byName = new Map<string, ListedCase[]>();
  for (const entry of listed) {
    const named = byName.get(entry.normalised_rsn);
    if (named) named.push(entry);
    else byName.set(entry.normalised_rsn, [entry]);
  }

  const members: MemberReportChange[] = [];
  let reported = 0;
  for (const member of input.members) {
    const names = new Set(
      [member.name, member.wom_name ?? ''].map(normaliseRsn).filter((name) => name !== ''),
    );
    const cases = [...names].flatMap((name) => byName.get(name) ?? []);
    if (cases.length > 0) reported += 1;
    const change = planMember(member, cases, input.now);
    if (change) members.push(change);
  }

  return {
    cases: planCases(input.stored, listed),
    members,
    result: {
      cases: listed.length,
      reported_members: reported,
      newly_reported: members.filter((change) => change.kind === 'reported' || change.kind === 'realerted')
        .length,
      cleared: members.filter((change) => change.kind === 'cleared').length,
    },
  };
}
