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

export interface CompetitionJson {
  id: number;
  title: string;
  type: 'classic';
  startsAt: string;
  endsAt: string;
  groupId: number;
  score: number;
  visible: boolean;
  createdAt: string;
  updatedAt: string;
  metric: Metric;
  metrics: Array<{ weight: number; metric: Metric; createdAt: string }>;
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

export interface AchievementJson {
  playerId: number;
  name: string;
  metric: Metric;
  threshold: number;
  accuracy: number | null;
  createdAt: string;
  measure: string;
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

interface Leader {
  metric: string;
  rank: number;
  player: PlayerJson | null;
  experience?: number;
  level?: number;
  kills?: number;
  score?: number;
  value?: number;
}

export interface GroupStatisticsJson {
  maxedCombatCount: number;
  maxedTotalCount: number;
  maxed200msCount: number;
  averageStats: SnapshotJson;
  metricLeaders: {
    skills: Record<Skill, Leader>;
    bosses: Record<Boss, Leader>;
    activities: Record<Activity, Leader>;
    computed: Record<ComputedMetric, Leader>;
  };
}

export interface ErrorJson {
  code?: string;
  message: string;
  subError?: { code: string };
}
