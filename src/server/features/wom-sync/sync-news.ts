import type { CompetitionRef, MemberRef, News, StandingLine } from '#core/discord/news.ts';
import type { CompetitionAward } from '#core/events/competition-awards.ts';
import { placeTeams } from '#core/events/team-competition-awards.ts';
import { rankEntries, type LeaderboardCandidate } from '#core/leaderboards/ranking.ts';
import { rankByValue, topPlaces } from '#core/ranking/competition-ranking.ts';
import type { GroupMember, RosterPlan, StoredMember } from '#core/members/roster-sync.ts';
import type { WomCompetitionDetails } from '../../wom/wom.schemas.ts';
import type { AchievementRow } from './wom-sync.repository.ts';

/** How many places of a finished competition its message carries (the message shows the podium). */
const STANDINGS_LINES = 10;

/**
 * A site that never stored a member WOM listed is on its first sync: it imports the clan's roster,
 * achievements and competitions as they already are, which is nobody's news. (Members an admin added
 * by hand were never listed by WOM, so they do not make a sync look like a later one.)
 */
export function isFirstSync(stored: StoredMember[]): boolean {
  return !stored.some((member) => member.wom_role_synced !== null);
}

function nonEmpty(news: News): boolean {
  if ('members' in news) return news.members.length > 0;
  if (news.kind === 'member_renamed') return news.renames.length > 0;
  if (news.kind === 'rank_changed') return news.changes.length > 0;
  if (news.kind === 'achievements') return news.items.length > 0;
  return true;
}

/**
 * The roster's news from one sync's plan, one message per kind listing every member it concerns:
 * joined, left, returned, renamed, and ranks WOM changed (the rank a member shows changes only when
 * it differs from the one the site showed, which an admin may already have set).
 */
export function rosterNews(stored: StoredMember[], group: GroupMember[], plan: RosterPlan): News[] {
  const storedById = new Map(stored.map((member) => [member.wom_id, member]));
  const incomingById = new Map(group.map((member) => [member.wom_id, member]));
  const patchById = new Map(plan.updates.map((update) => [update.wom_id, update.patch]));
  const nameOf = (womId: string): string =>
    patchById.get(womId)?.name ?? storedById.get(womId)?.name ?? incomingById.get(womId)?.display_name ?? '';
  const ref = (womId: string): MemberRef => ({ wom_id: womId, name: nameOf(womId) });

  const changes = plan.updates.flatMap(({ wom_id, patch }) => {
    const before = storedById.get(wom_id);
    const to = patch.womrole;
    if (!before || to === undefined || to === null || before.womrole === to) return [];
    return [{ wom_id, name: nameOf(wom_id), from: before.womrole, to, by_admin: false }];
  });
  const news: News[] = [
    {
      kind: 'member_joined',
      members: plan.inserts.map((member) => ({ wom_id: member.wom_id, name: member.name })),
    },
    { kind: 'member_left', members: plan.left.map(ref) },
    { kind: 'member_returned', members: plan.returned.map((back) => ref(back.wom_id)) },
    { kind: 'member_renamed', renames: plan.renames },
    { kind: 'rank_changed', changes },
  ];
  return news.filter(nonEmpty);
}

/**
 * The achievements a sync stored for the first time, as one message. One WOM cannot date was
 * reached before WOM first measured the player (it back-fills them then): old, so not announced.
 */
export function achievementNews(added: AchievementRow[]): News[] {
  const items = added
    .filter((row) => row.achieved_at !== null)
    .map((row) => ({
      wom_id: row.player_wom_id,
      name: row.player_name,
      achievement: row.name,
      metric: row.metric,
      threshold: row.threshold,
    }));
  return items.length > 0 ? [{ kind: 'achievements', items }] : [];
}

/**
 * The competition's top 10 places by what was gained (everyone tied at 10th too): its teams' totals
 * in a team competition.
 */
export function finalStandings(
  details: WomCompetitionDetails,
  isMember: (womId: string) => boolean,
): StandingLine[] {
  if (details.type === 'team') {
    const teams = placeTeams(
      details.participations.map((p) => ({
        key: String(p.playerId),
        displayName: p.player.displayName,
        gained: p.progress.gained,
        team: p.teamName ?? '',
      })),
    )
      .map((team) => ({ rank: team.placement, name: team.team, wom_id: null, value: team.gained }))
      .filter((team) => team.rank > 0);
    return topPlaces(teams, STANDINGS_LINES).map(({ name, wom_id, value }) => ({ name, wom_id, value }));
  }
  return rankByValue(details.participations, (p) => p.progress.gained, { top: STANDINGS_LINES }).map(
    ({ item: p }) => {
      const womId = String(p.playerId);
      // Only a member has a page on the site to link to.
      return { name: p.player.displayName, wom_id: isMember(womId) ? womId : null, value: p.progress.gained };
    },
  );
}

/** The points a finished competition paid, highest first, as booked (a capped score books none). */
export function paidPoints(
  details: WomCompetitionDetails,
  awards: CompetitionAward[],
  booked: string[],
): { name: string; wom_id: string; points: number }[] {
  const names = new Map(details.participations.map((p) => [String(p.playerId), p.player.displayName]));
  const paid = new Set(booked);
  return awards
    .filter((award) => paid.has(award.key) && award.points > 0)
    .sort((a, b) => b.points - a.points || a.placement - b.placement)
    .map((award) => ({ name: names.get(award.key) ?? award.key, wom_id: award.key, points: award.points }));
}

const SIEGE_LEADERS = 3;

/** The siege-score leaders after an award, ranked as the leaderboard ranks them. */
export function siegeLeaders(scores: LeaderboardCandidate[]): StandingLine[] {
  return topPlaces(rankEntries(scores), SIEGE_LEADERS).map(({ name, wom_id, value }) => ({
    name,
    wom_id,
    value,
  }));
}

/** An event row as the news refers to it; a synced event's missing dates are its competition's. */
export function competitionRef(
  event: {
    id: number;
    name: string;
    type: string | null;
    metric: string | null;
    start_date: string | null;
    end_date: string | null;
  },
  fallback: { startsAt: string; endsAt: string },
): CompetitionRef {
  return {
    event_id: event.id,
    title: event.name,
    type: event.type ?? 'Event',
    metric: event.metric,
    starts_at: event.start_date ?? fallback.startsAt,
    ends_at: event.end_date ?? fallback.endsAt,
  };
}
