import type { DinkMomentKind } from '../dink/dink.schema.ts';

/**
 * What a feature announces (issue 22): facts, not text. The outbox stores a news item as it was when
 * the change committed; the delivery job turns it into a Discord message with the site's address.
 */
export interface MemberRef {
  wom_id: string;
  name: string;
}

export interface CompetitionRef {
  /** The event's row id on the site. */
  event_id: number;
  title: string;
  /** The event type (Skill of the Week, Boss of the Week, …): what a route's filter matches. */
  type: string;
  metric: string | null;
  starts_at: string;
  ends_at: string;
}

export interface StandingLine {
  name: string;
  wom_id: string | null;
  /** What the standings rank by: gained XP, kills or score. */
  value: number;
}

/** A notable moment from a member's Dink (issue 23), as the feed shows it. */
export interface GameMoment {
  id: number;
  kind: DinkMomentKind;
  wom_id: string;
  player_name: string;
  title: string;
  details: string;
  value: number | null;
  /** The screenshot's row in `dink_images`; attached when it still exists at delivery. */
  image_id: number | null;
  occurred_at: string;
}

/** What happened on a bingo board (issue 31). */
export type BingoUpdate =
  | {
      what: 'tile';
      team: string;
      tile: string;
      /** Who completed it, when a public member's post or proof did. */
      member: MemberRef | null;
      /** The proof's screenshot (a public member's only); attached when it still exists at delivery. */
      image_id: number | null;
    }
  | { what: 'bonus'; team: string; lines: string[]; points: number }
  | { what: 'standings'; final: boolean; standings: { team: string; score: number }[] };

export type News =
  | { kind: 'member_joined' | 'member_left' | 'member_returned'; members: MemberRef[] }
  | { kind: 'member_renamed'; renames: { wom_id: string; from: string; to: string }[] }
  | {
      kind: 'rank_changed';
      changes: { wom_id: string; name: string; from: string | null; to: string; by_admin: boolean }[];
    }
  | {
      kind: 'achievements';
      items: { wom_id: string; name: string; achievement: string; metric: string; threshold: number }[];
    }
  | {
      kind: 'competition_created' | 'competition_starting' | 'competition_started' | 'competition_ending';
      competition: CompetitionRef;
    }
  | {
      kind: 'competition_ended';
      competition: CompetitionRef;
      /** Null for an event the site keeps no standings of: one not linked to WOM. */
      standings: StandingLine[] | null;
      points: { name: string; wom_id: string; points: number }[];
      siege_leaders: StandingLine[];
    }
  | { kind: 'live_standings'; competition: CompetitionRef; standings: StandingLine[]; finished: boolean }
  | { kind: 'season_reset'; season: string; standings: StandingLine[] }
  | { kind: 'anniversaries'; members: (MemberRef & { years: number })[] }
  | { kind: 'goal_completed'; goal_id: number; member: MemberRef; goal: string }
  | { kind: 'race_finished'; race_id: number; title: string; winner: MemberRef | null }
  | { kind: 'game_moments'; moment: GameMoment }
  | { kind: 'bingo'; board: { id: number; title: string }; update: BingoUpdate }
  | { kind: 'player_watch'; reports: (MemberRef & { reason: string })[] }
  | { kind: 'claim_requests'; member: MemberRef; username: string; pending: number }
  | { kind: 'rank_updates_due'; members: (MemberRef & { from: string | null; to: string })[] }
  | { kind: 'sync_failing'; failures: number; error: string };

/** The message "Send test" posts; not a kind a route carries. */
export interface TestNews {
  kind: 'test';
  route: string;
}

export type Announcement = News | TestNews;
