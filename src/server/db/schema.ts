import type { ColumnType, Generated, Insertable, Selectable, SqlBool, Updateable } from 'kysely';
import type { BaselineSource } from '#core/members/baseline-source.ts';

/**
 * Table types as both drivers return them after db/client.ts normalises values: timestamps and dates
 * as ISO strings, 64-bit integers as numbers, JSON as its text. Booleans come back as 0/1 from SQLite
 * and true/false from PostgreSQL, so they are read through `toBool` in repositories.
 */
type Id = Generated<number>;
type Bool = ColumnType<SqlBool, boolean, boolean>;
type BoolWithDefault = ColumnType<SqlBool, boolean | undefined, boolean>;
type Timestamp = string;
type IsoDate = string;
/** JSON stored as text; parse with `readJson`. */
type JsonText = string;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  /** The name as its owner typed it (NFKC, trimmed, case kept): what every page shows. */
  username: string;
  /** What names are matched by (`usernameKey`: lower-case); NULL only for a row written without it. */
  username_key: string | null;
  /** The name's confusable skeleton (decision 032); NULL for an older look-alike of an older name. */
  username_skeleton: string | null;
  password_hash: string;
  is_admin: BoolWithDefault;
  supabase_auth_id: string | null;
  join_date: IsoDate | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The linked Discord user (issue 32); unique, NULL while none is linked. */
  discord_user_id: string | null;
  /** The Discord username as of the last sign-in or link, for the profile and the admin's lists. */
  discord_username: string | null;
  /** Whether news about this member may mention (ping) their Discord user. */
  discord_mention_opt_in: BoolWithDefault;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: JsonText | null;
  after: JsonText | null;
  created_at: Timestamp;
}

export interface MembersTable {
  wom_id: string;
  name: string;
  wom_name: string | null;
  womrole: string | null;
  wom_role_synced: string | null;
  title: string | null;
  current_lvl: WithDefault<number>;
  current_xp: WithDefault<number>;
  first_lvl: WithDefault<number>;
  first_xp: WithDefault<number>;
  /** Where first_xp and first_lvl came from (BASELINE_SOURCES); 'first_seen' by default. */
  baseline_source: WithDefault<BaselineSource>;
  combat_level: WithDefault<number>;
  ehb: WithDefault<number>;
  /** Efficient hours played, as WOM last gave them: a measure a rank can ask for (issue 30). */
  ehp: WithDefault<number>;
  siege_score: WithDefault<number>;
  join_date: IsoDate | null;
  /** The join date WOM last gave: join_date follows WOM while it equals this (an admin's date stays). */
  wom_join_date_synced: IsoDate | null;
  alt: BoolWithDefault;
  build: string | null;
  ironman_type: string | null;
  wom_account_type: string | null;
  hidden: BoolWithDefault;
  not_in_wom: BoolWithDefault;
  runewatch_flagged: BoolWithDefault;
  runewatch_reported: BoolWithDefault;
  runewatch_reported_at: Timestamp | null;
  runewatch_case: JsonText | null;
  runewatch_whitelisted: BoolWithDefault;
  runewatch_whitelist_reason: string | null;
  runewatch_whitelisted_at: Timestamp | null;
  runewatch_whitelisted_by: number | null;
  left_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** WOM's `lastChangedAt`: when any of the member's stats last moved, as the sync last saw it. */
  wom_last_changed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Set by an admin: the member is away until this date and not listed as inactive. */
  away_until: ColumnType<IsoDate | null, IsoDate | null | undefined, IsoDate | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One group of the clan's settings (issue 30): the ladder, points, profile, WOM code; a JSON value. */
/** An account whose Discord roles must be brought to its rank: the role outbox (issue 32). */
export interface DiscordRoleSyncsTable {
  id: Id;
  user_id: number;
  discord_user_id: string;
  /** What asked for it: 'rank', 'link', 'reconcile', 'mapping'. */
  reason: string;
  /** pending → done, or departed (404: the member left the server). */
  status: 'pending' | 'done' | 'departed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  error: string | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

export interface ClanSettingsTable {
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

/** A rank change the ladder calls for, and since when: the promotion queue's "due since". */
export interface RankProposalsTable {
  wom_id: string;
  role: string;
  due_since: Timestamp;
}

/** A member's return to the clan after leaving it, with the join date they had before (issue 29). */
export interface MemberReturnsTable {
  id: Id;
  wom_id: string;
  /** When the site saw the member leave; null when they left and came back between two syncs. */
  left_at: Timestamp | null;
  returned_on: IsoDate;
  joined_before: IsoDate | null;
  recorded_at: Timestamp;
}

/** A member's XP and EHB on a day, from the day's latest stored snapshot (for charts and inactivity). */
export interface MemberSnapshotsTable {
  wom_id: string;
  day: IsoDate;
  snapshot_at: Timestamp;
  exp: number;
  ehb: number;
  ehp: number;
}

export interface SeasonsTable {
  id: Id;
  name: string;
  is_open: Bool;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  closed_by: number | null;
}

export interface EventsTable {
  id: Id;
  name: string;
  type: string | null;
  metric: string | null;
  description: string | null;
  start_date: Timestamp | null;
  end_date: Timestamp | null;
  wom_id: string | null;
  winner_username: string | null;
  points_awarded_at: Timestamp | null;
  /** Made by an admin; the sync owns the others. */
  manual: BoolWithDefault;
  /** Pays every participant 2 points, like a 1–2 hour event. */
  short_event: BoolWithDefault;
  /** The linked WOM competition's title, as WOM last gave it. */
  wom_title: ColumnType<string | null, string | null | undefined, string | null>;
  /** When WOM last answered that the linked competition does not exist; null once it is found. */
  wom_missing_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Its competition ended before the site's first sync: its results pay only if an admin books them. */
  before_site: BoolWithDefault;
  /** When the competition's final results were stored, paid or not. */
  results_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each member's score in a closed season, kept by the yearly reset. */
export interface SeasonScoresTable {
  id: Id;
  season_id: number;
  member_wom_id: string;
  name: string;
  siege_score: number;
}

export interface EventResultsTable {
  id: Id;
  event_id: number;
  member_wom_id: string;
  placement: number;
  gained: number;
  points: number;
  won: BoolWithDefault;
  created_at: Timestamp;
}

export interface PointsTable {
  id: Id;
  member_wom_id: string;
  season_id: number;
  amount: number;
  reason: string;
  event_id: number | null;
  actor_user_id: number | null;
  created_at: Timestamp;
  /** 'award' for the points buttons, 'undo' for a row reversing one; null for every other row. */
  kind: PointsKind | null;
  /** The award an 'undo' row reverses; unique, so an award is undone at most once. */
  reverses_id: number | null;
  /** The award-in-one-go this row belongs to (issue 30), its own row or its undo. */
  batch_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A bingo board (issue 31): its window, size, review setting and bonuses (JSON). */
export interface BingoBoardsTable {
  id: Id;
  title: string;
  description: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  size: number;
  codeword: string | null;
  review: 'auto' | 'referee';
  bonuses: JsonText;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Whether members may put themselves on the board's list before it starts. */
  signups: BoolWithDefault;
  /** The point batch booked by the teams' placements once it ended. */
  points_batch_id: number | null;
}

export interface BingoTilesTable {
  id: Id;
  board_id: number;
  row: number;
  col: number;
  title: string;
  icon: string | null;
  points: number;
  /** JSON TileGoal. */
  goal: JsonText;
}

export interface BingoTeamsTable {
  id: Id;
  board_id: number;
  name: string;
}

export interface BingoTeamMembersTable {
  board_id: number;
  team_id: number;
  wom_id: string;
}

/** A team member's figures for the board's WOM-measured tiles when the board began (JSON by metric). */
export interface BingoBaselinesTable {
  board_id: number;
  wom_id: string;
  values: JsonText;
  taken_at: Timestamp;
  /** The same figures once the board ended, so gains made after its end never count. */
  final_values: JsonText | null;
}

export type BingoSubmissionStatus = 'pending' | 'approved' | 'denied';

/** A member's proof for a tile and the referee's decision (issue 31). */
export interface BingoSubmissionsTable {
  id: Id;
  board_id: number;
  tile_id: number;
  team_id: number;
  wom_id: string;
  /** Null for a completion the site found itself (Dink or WOM), held for a referee. */
  user_id: number | null;
  note: string;
  image_id: number | null;
  status: BingoSubmissionStatus;
  source: ColumnType<'member' | 'auto', 'member' | 'auto' | undefined, 'member' | 'auto'>;
  reason: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}

/** An event's points awarded in one go: one reason, one ledger row per member, undone as a whole. */
export interface PointBatchesTable {
  id: Id;
  event_id: number | null;
  reason: string;
  actor_user_id: number | null;
  created_at: Timestamp;
  undone_at: Timestamp | null;
  undone_by: number | null;
}

export type PointsKind = 'award' | 'undo';

export interface ClaimCodesTable {
  id: Id;
  code: string;
  wom_id: string;
  is_claimed: BoolWithDefault;
  expires_at: Timestamp | null;
  created_by: number | null;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A one-time link an admin makes so a user can set a new password; only the token's hash is kept. */
export interface PasswordResetsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface PlayerClaimsTable {
  id: Id;
  user_id: number;
  wom_id: string;
  claimed_at: Timestamp;
}

export interface ClaimRequestsTable {
  id: Id;
  user_id: number;
  wom_id: string;
  rsn: string;
  message: string | null;
  status: 'pending' | 'approved' | 'denied';
  admin_notes: string | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface UserGoalsTable {
  id: Id;
  user_id: number;
  wom_id: string;
  player_name: string;
  goal_type: string;
  metric: string;
  target_value: number;
  start_value: number;
  current_value: number;
  start_date: Timestamp;
  target_date: IsoDate | null;
  completed: BoolWithDefault;
  completed_date: Timestamp | null;
  public: BoolWithDefault;
  created_at: Timestamp;
}

export interface RacesTable {
  id: Id;
  creator_id: number;
  title: string;
  description: string | null;
  public: BoolWithDefault;
  end_date: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RaceParticipantsTable {
  id: Id;
  race_id: number;
  wom_id: string;
  player_name: string;
  metric: string;
  start_value: number;
  current_value: number;
  target_value: number;
}

/** A value a sync saw for a goal, for its chart. */
export interface GoalProgressTable {
  id: Id;
  goal_id: number;
  value: number;
  recorded_at: Timestamp;
}

/** A value a sync saw for a race participant, for the race's chart. */
export interface RaceProgressTable {
  id: Id;
  participant_id: number;
  value: number;
  recorded_at: Timestamp;
}

export interface MemberStatsTable {
  wom_id: string;
  /** WOM's latest snapshot, or the JSON text 'null' when WOM has none yet. */
  snapshot: JsonText;
  snapshot_at: Timestamp | null;
  fetched_at: Timestamp;
}

export interface WomCacheTable {
  resource: string;
  payload: JsonText;
  fetched_at: Timestamp;
}

export interface AchievementsTable {
  id: Id;
  player_wom_id: string;
  player_name: string;
  name: string;
  metric: string;
  threshold: number;
  /** Null when WOM does not know when it was reached (it had been before WOM first saw the player). */
  achieved_at: Timestamp | null;
}

export interface PlayerWatchCasesTable {
  id: Id;
  accused_rsn: string;
  normalised_rsn: string;
  published_date: Timestamp | null;
  reason: string | null;
  evidence_rating: string | null;
  quick_find: string | null;
  source: string | null;
  first_seen_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface SyncRunsTable {
  id: Id;
  kind: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: 'running' | 'succeeded' | 'failed';
  /** What a running sync is doing now, for the admin's progress view. */
  stage: string | null;
  error: string | null;
  wom_requests: WithDefault<number>;
  counts: JsonText | null;
  triggered_by: number | null;
}

export interface DataRevisionsTable {
  name: string;
  revision: number;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  acquired_at: Timestamp;
  expires_at: Timestamp;
}

/** One limited key's counts in its current window (http/attempt-limiter.ts). */
export interface RateLimitsTable {
  key: string;
  /** Attempts in the window that failed. */
  failures: number;
  /** Attempts counted in the window that have not finished yet. */
  pending: number;
  window_ends_at: Timestamp;
}

/** A Discord webhook admins set up and the kinds of news it carries (issue 22). */
export interface DiscordRoutesTable {
  id: Id;
  name: string;
  /** The webhook URL as given: a secret, never sent back, logged, audited or exported. */
  url: string;
  /** The webhook's id: Discord's rate-limit bucket, shared by routes posting to one webhook. */
  webhook_id: string;
  /** JSON list of kinds. */
  kinds: JsonText;
  /** JSON RouteFilters. */
  filters: JsonText;
  enabled: Bool;
  disabled_reason: string | null;
  last_delivery_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox: one message for one route, written with the change it announces. */
export interface DiscordDeliveriesTable {
  id: Id;
  route_id: number;
  kind: string;
  /** The news item as JSON; the delivery job renders it. */
  news: JsonText;
  summary: string;
  live_event_id: number | null;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  discord_status: number | null;
  error: string | null;
  attempts: WithDefault<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** Until when a webhook (or every webhook: `global`) must rest after Discord's rate limit. */
export interface DiscordBucketsTable {
  bucket: string;
  blocked_until: Timestamp;
}

export interface DiscordLiveMessagesTable {
  route_id: number;
  event_id: number;
  message_id: string;
  updated_at: Timestamp;
}

/** A time-based announcement already made (`competition_starting:12`, `anniversaries:2026-11-27`). */
export interface NewsMarksTable {
  key: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  clan_settings: ClanSettingsTable;
  discord_role_syncs: DiscordRoleSyncsTable;
  rank_proposals: RankProposalsTable;
  seasons: SeasonsTable;
  season_scores: SeasonScoresTable;
  events: EventsTable;
  event_results: EventResultsTable;
  points: PointsTable;
  point_batches: PointBatchesTable;
  bingo_boards: BingoBoardsTable;
  bingo_tiles: BingoTilesTable;
  bingo_teams: BingoTeamsTable;
  bingo_team_members: BingoTeamMembersTable;
  bingo_baselines: BingoBaselinesTable;
  bingo_submissions: BingoSubmissionsTable;
  bingo_tile_events: BingoTileEventsTable;
  bingo_completions: BingoCompletionsTable;
  bingo_referees: BingoRefereesTable;
  bingo_signups: BingoSignupsTable;
  bingo_templates: BingoTemplatesTable;
  claim_codes: ClaimCodesTable;
  password_resets: PasswordResetsTable;
  player_claims: PlayerClaimsTable;
  claim_requests: ClaimRequestsTable;
  user_goals: UserGoalsTable;
  races: RacesTable;
  race_participants: RaceParticipantsTable;
  goal_progress: GoalProgressTable;
  race_progress: RaceProgressTable;
  member_stats: MemberStatsTable;
  member_snapshots: MemberSnapshotsTable;
  member_returns: MemberReturnsTable;
  wom_cache: WomCacheTable;
  achievements: AchievementsTable;
  player_watch_cases: PlayerWatchCasesTable;
  sync_runs: SyncRunsTable;
  job_leases: JobLeasesTable;
  data_revisions: DataRevisionsTable;
  rate_limits: RateLimitsTable;
  discord_routes: DiscordRoutesTable;
  discord_deliveries: DiscordDeliveriesTable;
  discord_buckets: DiscordBucketsTable;
  discord_live_messages: DiscordLiveMessagesTable;
  news_marks: NewsMarksTable;
  dink_links: DinkLinksTable;
  dink_images: DinkImagesTable;
  dink_posts: DinkPostsTable;
  dink_moments: DinkMomentsTable;
  dink_personal_bests: DinkPersonalBestsTable;
  dink_progress: DinkProgressTable;
  dink_loot_totals: DinkLootTotalsTable;
  dink_settings: DinkSettingsTable;
}

/** A claimed character's Dink address: the token's hash, and the game account its first post bound. */
export interface DinkLinksTable {
  wom_id: string;
  /** The owner who made the token; it works only while they still own the character. */
  user_id: number;
  /** NULL once revoked. */
  token_hash: string | null;
  account_hash: string | null;
  /** The owner's choice: their moments on the public feed, boards and character page. */
  share_public: BoolWithDefault;
  posts: WithDefault<number>;
  created_at: Timestamp;
  last_post_at: Timestamp | null;
}

/** A screenshot that came with a post, kept until its moment goes: re-encoded as WebP (decision 031). */
export interface DinkImagesTable {
  id: Id;
  wom_id: string;
  content_type: string;
  /** Both pictures' bytes together: what counts toward the storage caps. */
  size: number;
  /** The full view, at most SCREENSHOT_FULL_WIDTH wide. */
  bytes: Buffer;
  /** What lists show, SCREENSHOT_THUMBNAIL_WIDTH wide. */
  thumbnail: Buffer;
  created_at: Timestamp;
}

/** What Dink told of a team's tile: one row per post and player (a retry or a teammate's copy is the same row). */
export interface BingoTileEventsTable {
  id: Id;
  board_id: number;
  tile_id: number;
  team_id: number;
  wom_id: string;
  source_key: string;
  /** The item or boss as Dink named it. */
  label: string;
  /** The item's quantity, or the kill count Dink reported. */
  amount: number;
  at: Timestamp;
  image_id: number | null;
}

/** A tile a team completed, with who did it and the screenshot that proves it. */
export interface BingoCompletionsTable {
  board_id: number;
  team_id: number;
  tile_id: number;
  wom_id: string | null;
  image_id: number | null;
  /** The approved proof that made it, if a referee's approval did. */
  submission_id: number | null;
  completed_at: Timestamp;
}

export interface BingoRefereesTable {
  board_id: number;
  user_id: number;
}

export interface BingoSignupsTable {
  board_id: number;
  wom_id: string;
  user_id: number;
  created_at: Timestamp;
}

/** A saved board layout (JSON: size, bonuses, review and tiles) to start a new board from. */
export interface BingoTemplatesTable {
  id: Id;
  name: string;
  layout: JsonText;
  created_by: number | null;
  created_at: Timestamp;
}

/** The inbox: a Dink notification as it arrived, unique per character and content (Dink's retries). */
export interface DinkPostsTable {
  id: Id;
  wom_id: string;
  dedupe_key: string;
  type: string;
  /** The notification's JSON as Dink sent it. */
  payload: JsonText;
  image_id: number | null;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

/** A notable moment made from a post: what the feed, the character page and Discord show. */
export interface DinkMomentsTable {
  id: Id;
  post_id: number;
  wom_id: string;
  kind: string;
  occurred_at: Timestamp;
  title: string;
  details: string;
  value: number | null;
  image_id: number | null;
}

export interface DinkPersonalBestsTable {
  boss: string;
  team_size: number;
  wom_id: string;
  time_ms: number;
  occurred_at: Timestamp;
  /** The screenshot of the kill that set the time, while it is kept. */
  image_id: number | null;
}

/** What the game last told of a character's collection log and pets. */
export interface DinkProgressTable {
  wom_id: string;
  collection_completed: number | null;
  collection_total: number | null;
  /** JSON list of pet names. */
  pets: JsonText;
  updated_at: Timestamp;
}

export interface DinkLootTotalsTable {
  season_id: number;
  wom_id: string;
  total_value: number;
  drops: number;
}

/** The one row (id 1) of thresholds admins set for what counts as notable. */
export interface DinkSettingsTable {
  id: number;
  min_loot_value: number;
  min_level: number;
  min_xp_milestone: number;
  updated_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MemberRow = Selectable<MembersTable>;
export type NewMemberRow = Insertable<MembersTable>;
