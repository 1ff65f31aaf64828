import type { Kysely } from 'kysely';
import { planGoal } from '#core/goals/goal-creation.ts';
import {
  GOAL_MESSAGES,
  type CreateGoalInput,
  type Goal,
  type GoalDetail,
  type GoalsPage,
  type SyncGoalsResult,
} from '#core/goals/goals.schema.ts';
import { toPage, type Page } from '#core/http/paging.ts';
import { metricValue } from '#core/metrics/metric-value.ts';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { WomError } from '../../wom/wom-error.ts';
import { fetchPlayerStats, isFresh, type PlayerReader } from '../wom-data/player-snapshots.ts';
import { findMemberStats } from '../wom-data/wom-data.repository.ts';
import { alignMemberWithSnapshot, storePlayerStats } from '../wom-data/stored-player-stats.ts';
import { requireRoomUnderCap } from '../users/account-caps.ts';
import { toGoal } from './goal-rows.ts';
import { updateActiveGoals } from './goal-updates.ts';
import {
  countActiveGoalsOn,
  deleteGoal,
  findMemberName,
  findVisibleGoal,
  hasClaimed,
  insertGoal,
  listGoalProgress,
  listGoalsOf,
  listPublicGoals,
  type GoalViewer,
} from './goals.repository.ts';

export interface GoalsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
  playerCacheMs: number;
  /** The character's snapshot, refreshed through the gateway when older than the player cache. */
  readPlayer: PlayerReader;
}

const goalNotFound = () => notFound('Goal not found');
const statsUnavailable = () => new HttpError(503, 'WOM_UNAVAILABLE', GOAL_MESSAGES.statsUnavailable);
const syncFailed = () => new HttpError(503, 'WOM_UNAVAILABLE', GOAL_MESSAGES.syncFailed);

async function requireClaimed(deps: GoalsServiceDeps, userId: number, womId: string): Promise<void> {
  if (!(await hasClaimed(deps.db, userId, womId))) throw forbidden(GOAL_MESSAGES.notYourCharacter);
}

/** A page of the goals shown to all, newest first. */
export async function publicGoals(deps: GoalsServiceDeps, page: Page): Promise<GoalsPage> {
  const now = deps.clock.now();
  return toPage(await listPublicGoals(deps.db, page), page.limit, (row) => toGoal(row, now));
}

/**
 * A page of the user's goals, private ones too, after bringing the active ones up to date from
 * stored snapshots.
 */
export async function goalsOf(
  deps: GoalsServiceDeps,
  userId: number,
  womId: string | undefined,
  page: Page,
): Promise<GoalsPage> {
  const now = deps.clock.now();
  const rows = await deps.db.transaction().execute(async (trx) => {
    await updateActiveGoals(trx, now, { userId, womId });
    return listGoalsOf(trx, userId, womId, page);
  });
  return toPage(rows, page.limit, (row) => toGoal(row, now));
}

export async function goalDetail(
  deps: GoalsServiceDeps,
  id: number,
  viewer: GoalViewer,
): Promise<GoalDetail> {
  const row = await findVisibleGoal(deps.db, id, viewer);
  if (!row) throw goalNotFound();
  const history = await listGoalProgress(deps.db, id);
  return { ...toGoal(row, deps.clock.now()), history };
}

/** The character's current snapshot, or 503 when none is stored and WOM cannot give one. */
async function currentSnapshot(deps: GoalsServiceDeps, womId: string) {
  try {
    const { latestSnapshot } = await deps.readPlayer(womId);
    if (latestSnapshot) return latestSnapshot;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
  throw statsUnavailable();
}

/**
 * Starts a goal for one of the user's characters at its current value for the metric, checked
 * against the spec's rules for goal creation.
 */
export async function createGoal(
  deps: GoalsServiceDeps,
  userId: number,
  input: CreateGoalInput,
): Promise<Goal> {
  await requireClaimed(deps, userId, input.wom_id);
  const snapshot = await currentSnapshot(deps, input.wom_id);
  const now = deps.clock.now();
  const plan = planGoal(input, metricValue(snapshot, input.metric), now.toISOString().slice(0, 10));
  if (!plan.ok) throw badRequest(plan.message);
  return deps.db.transaction().execute(async (trx) => {
    await requireRoomUnderCap(trx, userId, 'activeGoalsPerCharacter', (db) =>
      countActiveGoalsOn(db, userId, input.wom_id),
    );
    const member = await findMemberName(trx, input.wom_id);
    if (!member) throw statsUnavailable();
    const id = await insertGoal(trx, {
      user_id: userId,
      wom_id: input.wom_id,
      player_name: member.name,
      metric: input.metric,
      ...plan.goal,
      start_date: now.toISOString(),
      target_date: input.target_date ?? null,
      public: input.public ?? false,
    });
    await bumpRevision(trx, 'goals');
    const row = await findVisibleGoal(trx, id, { id: userId, is_admin: false });
    if (!row) throw new Error(`goal ${id} was not found after inserting it`);
    return toGoal(row, now);
  });
}

/** Deletes the user's own goal: 404 when they cannot see it, 403 when they can but it is not theirs. */
export async function removeGoal(deps: GoalsServiceDeps, id: number, user: SessionUser): Promise<void> {
  const row = await findVisibleGoal(deps.db, id, { id: user.id, is_admin: user.is_admin });
  if (!row) throw goalNotFound();
  if (row.user_id !== user.id) throw forbidden('You can only delete your own goals');
  await deps.db.transaction().execute(async (trx) => {
    await deleteGoal(trx, id);
    await bumpRevision(trx, 'goals');
  });
}

/** Whole seconds from the snapshot's time to now; null without a snapshot, never negative. */
function ageInSeconds(snapshotAt: string | null, now: Date): number | null {
  if (snapshotAt === null) return null;
  return Math.max(0, Math.floor((now.getTime() - Date.parse(snapshotAt)) / 1000));
}

/**
 * Sync Progress: asks WOM for the character unless its stored snapshot is younger than five
 * minutes, then, in one transaction, stores the answer, sets the character's member row (the card,
 * the roster) to that snapshot and updates its active goals from it, so all three show the same
 * values. The member row is aligned with a young stored snapshot too, in case it was stored before
 * rows were kept to it. The answer says whether WOM was asked and how old the snapshot is. When WOM
 * fails nothing is written.
 */
export async function syncGoals(
  deps: GoalsServiceDeps,
  userId: number,
  womId: string,
): Promise<SyncGoalsResult> {
  await requireClaimed(deps, userId, womId);
  const stored = (await findMemberStats(deps.db, womId)) ?? null;
  const now = deps.clock.now();
  const fresh = isFresh(stored, now, deps.playerCacheMs);
  const stats = fresh
    ? stored
    : await fetchPlayerStats(deps.gateway.forVisitors(), womId, stored, deps.clock).catch(
        (error: unknown) => {
          throw error instanceof WomError ? syncFailed() : error;
        },
      );
  const rows = await deps.db.transaction().execute(async (trx) => {
    if (fresh) await alignMemberWithSnapshot(trx, stats, now);
    else await storePlayerStats(trx, stats, now);
    await updateActiveGoals(trx, now, { womId });
    return listGoalsOf(trx, userId, womId);
  });
  return {
    goals: rows.map((row) => toGoal(row, now)),
    snapshot_at: stats.snapshot_at,
    refreshed: !fresh,
    snapshot_age_seconds: ageInSeconds(stats.snapshot_at, now),
  };
}
