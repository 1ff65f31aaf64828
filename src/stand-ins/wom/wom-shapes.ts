import type {
  Activity,
  Boss,
  ComputedMetric,
  GroupRole,
  Metric,
  PlayerBuild,
  PlayerStatus,
  PlayerType,
  Skill,
} from '@wise-old-man/utils';

/**
 * The JSON the simulator sends, field for field in the server's order (wom-api.md §2.0). Dates are
 * already ISO strings here; numbers are plain JSON numbers.
 */
export interface PlayerJson {
  id: number;
  username: string;
  displayName: string;
  type: PlayerType;
  build: PlayerBuild;
  status: PlayerStatus;
  country: string | null;
  patron: boolean;
  exp: number;
  ehp: number;
  ehb: number;
  ttm: number;
  tt200m: number;
  registeredAt: string;
  updatedAt: string | null;
  lastChangedAt: string | null;
  lastImportedAt: string | null;
}

export interface SkillEntry {
  metric: Skill;
  experience: number;
  rank: number;
  level: number;
  ehp: number;
}

export interface BossEntry {
  metric: Boss;
  kills: number;
  rank: number;
  ehb: number;
}

export interface ActivityEntry {
  metric: Activity;
  score: number;
  rank: number;
}

export interface ComputedEntry {
  metric: ComputedMetric;
  value: number;
  rank: number;
}

export interface SnapshotData {
  skills: Record<Skill, SkillEntry>;
  bosses: Record<Boss, BossEntry>;
  activities: Record<Activity, ActivityEntry>;
  computed: Record<ComputedMetric, ComputedEntry>;
}

export interface SnapshotJson {
  id: -1;
  playerId: number;
  createdAt: string;
  importedAt: null;
  data: SnapshotData;
}

export interface GroupJson {
  id: number;
  name: string;
  clanChat: string;
  description: string;
  homeworld: number;
  verified: boolean;
  patron: boolean;
  visible: boolean;
  profileImage: string | null;
  bannerImage: string | null;
  score: number;
  createdAt: string;
  updatedAt: string;
  memberCount: number;
}

export interface MembershipJson {
  playerId: number;
  groupId: number;
  role: GroupRole;
  clientSyncJoinedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A team competition splits its participants into named teams (every participation has a teamName). */
export type CompetitionType = 'classic' | 'team';

/** The newer list of a competition's metrics; `metric` beside it is deprecated but still sent. */
export interface CompetitionMetricJson {
  weight: number;
  metric: Metric;
  createdAt: string;
}

export interface CompetitionJson {
  id: number;
  title: string;
  type: CompetitionType;
  startsAt: string;
  endsAt: string;
  groupId: number;
  score: number;
  visible: boolean;
  createdAt: string;
  updatedAt: string;
  metric: Metric;
  metrics: CompetitionMetricJson[];
  participantCount: number;
  group: GroupJson;
}

export interface StartEnd {
  start: number;
  end: number;
  gained: number;
}

/** Response bodies as a whole, for the simulator's tests and anyone reading its output. */
export interface BulkHiscoresRow {
  player: PlayerJson;
  data: SnapshotJson;
}

export interface GroupDetailsJson extends GroupJson {
  socialLinks: Record<string, string | null>;
  roleOrders: Array<{ groupId: number; role: GroupRole; index: number }>;
  memberships: Array<MembershipJson & { player: PlayerJson }>;
}

export interface PlayerDetailsJson extends PlayerJson {
  combatLevel: number;
  archive: null;
  annotations: unknown[];
  latestSnapshot: SnapshotJson | null;
}

export type AchievementMeasure = 'experience' | 'kills' | 'score' | 'value' | 'levels';

export interface AchievementJson {
  playerId: number;
  name: string;
  metric: Metric;
  threshold: number;
  /** Milliseconds between the snapshots either side of the moment; null when unknown (and when undated). */
  accuracy: number | null;
  /** 1970-01-01T00:00:00.000Z when WOM found it already reached and does not know when. */
  createdAt: string;
  measure: AchievementMeasure;
  legacy: boolean;
  player: PlayerJson;
}

export interface DeltaJson {
  metric: Metric | 'total';
  values: { gained: number; start: number; end: number };
  levels: { gained: number; start: number; end: number };
}

export interface ParticipationJson {
  playerId: number;
  competitionId: number;
  /** Set for every participation of a team competition, null in a classic one. */
  teamName: string | null;
  createdAt: string;
  updatedAt: string;
  player: PlayerJson;
  deltas: DeltaJson[];
  progress: StartEnd;
  levels: StartEnd;
}

export interface CompetitionDetailsJson extends CompetitionJson {
  participations: ParticipationJson[];
}

/** A metric's best member; where nobody in the group ranks, the value is -1 and the player null. */
interface SkillLeader {
  metric: Skill;
  experience: number;
  rank: number;
  level: number;
  player: PlayerJson | null;
}

interface BossLeader {
  metric: Boss;
  kills: number;
  rank: number;
  player: PlayerJson | null;
}

interface ActivityLeader {
  metric: Activity;
  score: number;
  rank: number;
  player: PlayerJson | null;
}

interface ComputedLeader {
  metric: ComputedMetric;
  value: number;
  rank: number;
  player: PlayerJson | null;
}

export interface GroupStatisticsJson {
  maxedCombatCount: number;
  maxedTotalCount: number;
  maxed200msCount: number;
  averageStats: SnapshotJson;
  metricLeaders: {
    skills: Record<Skill, SkillLeader>;
    bosses: Record<Boss, BossLeader>;
    activities: Record<Activity, ActivityLeader>;
    computed: Record<ComputedMetric, ComputedLeader>;
  };
}

/** Sent with every answer WOM's limiter counted (§4.1): the window's limit, what is left, seconds to reset. */
export interface RateLimitHeaders {
  'ratelimit-limit': string;
  'ratelimit-remaining': string;
  'ratelimit-reset': string;
}

/** The 429 beyond the limit adds when to come back. */
export interface RateLimitedHeaders extends RateLimitHeaders {
  'retry-after': string;
}

export interface ErrorJson {
  code?: string;
  message: string;
  subError?: { code: string };
}
