import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Page } from '#core/http/paging.ts';
import { afterCursor } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who asks: a visitor (null), a user, or an admin, who sees private goals too. */
export type GoalViewer = { id: number; is_admin: boolean } | null;

/**
 * A goal shown to everyone: public, of a member the public roster shows (a hidden member's goals
 * would name them).
 */
function isShownToAll(eb: ExpressionBuilder<Database, 'user_goals'>) {
  return eb.and([
    eb('user_goals.public', '=', true),
    eb.exists(
      eb
        .selectFrom('members')
        .select('members.wom_id')
        .whereRef('members.wom_id', '=', 'user_goals.wom_id')
        .where(isVisibleMember),
    ),
  ]);
}

/** The goals the viewer may see: those shown to all, their own, and every one for an admin. */
function visibleTo(viewer: GoalViewer) {
  return (eb: ExpressionBuilder<Database, 'user_goals'>) => {
    if (viewer?.is_admin) return eb.val(true);
    return viewer ? eb.or([isShownToAll(eb), eb('user_goals.user_id', '=', viewer.id)]) : isShownToAll(eb);
  };
}

function selectGoals(db: Db) {
  return db
    .selectFrom('user_goals')
    .innerJoin('users', 'users.id', 'user_goals.user_id')
    .select([
      'user_goals.id',
      'user_goals.user_id',
      'users.username',
      'user_goals.wom_id',
      'user_goals.player_name',
      'user_goals.goal_type',
      'user_goals.metric',
      'user_goals.target_value',
      'user_goals.start_value',
      'user_goals.current_value',
      'user_goals.start_date',
      'user_goals.target_date',
      'user_goals.completed',
      'user_goals.completed_date',
      'user_goals.public',
      'user_goals.created_at',
    ]);
}

export type GoalRow = Awaited<ReturnType<ReturnType<typeof selectGoals>['executeTakeFirstOrThrow']>>;

/** Newest first; with a page, that page's goals and one more if there is one (paging.ts `toPage`). */
function newestFirst(query: ReturnType<typeof selectGoals>, page?: Page): Promise<GoalRow[]> {
  let ordered = query.orderBy('user_goals.created_at', 'desc').orderBy('user_goals.id', 'desc');
  if (page?.cursor) ordered = ordered.where(afterCursor('user_goals', page.cursor));
  return (page ? ordered.limit(page.limit + 1) : ordered).execute();
}

/** A page of the goals shown to all, newest first. */
export function listPublicGoals(db: Db, page: Page): Promise<GoalRow[]> {
  return newestFirst(selectGoals(db).where(isShownToAll), page);
}

/**
 * The user's goals, private ones too, newest first, a page of them when `page` is set; only one
 * character's when `womId` is set.
 */
export function listGoalsOf(db: Db, userId: number, womId?: string, page?: Page): Promise<GoalRow[]> {
  let query = selectGoals(db).where('user_goals.user_id', '=', userId);
  if (womId !== undefined) query = query.where('user_goals.wom_id', '=', womId);
  return newestFirst(query, page);
}

/** The goal if the viewer may see it. */
export function findVisibleGoal(db: Db, id: number, viewer: GoalViewer): Promise<GoalRow | undefined> {
  return selectGoals(db).where('user_goals.id', '=', id).where(visibleTo(viewer)).executeTakeFirst();
}

/** The goal with its member's current name, if everyone may see it. */
export function findGoalShownToAll(db: Db, id: number) {
  return selectGoals(db)
    .innerJoin('members', 'members.wom_id', 'user_goals.wom_id')
    .select('members.name as member_name')
    .where('user_goals.id', '=', id)
    .where(isShownToAll)
    .executeTakeFirst();
}

/** Every value seen for the goal, oldest first. */
export function listGoalProgress(db: Db, goalId: number) {
  return db
    .selectFrom('goal_progress')
    .select(['value', 'recorded_at'])
    .where('goal_id', '=', goalId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

export interface NewGoal {
  user_id: number;
  wom_id: string;
  player_name: string;
  goal_type: string;
  metric: string;
  target_value: number;
  start_value: number;
  start_date: string;
  target_date: string | null;
  public: boolean;
}

/** How many of the user's goals on the character are not completed. */
export async function countActiveGoalsOn(db: Db, userId: number, womId: string): Promise<number> {
  const row = await db
    .selectFrom('user_goals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('wom_id', '=', womId)
    .where('completed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores the goal at its start value, with that value as the first point of its history. */
export async function insertGoal(db: Db, goal: NewGoal): Promise<number> {
  const { id } = await db
    .insertInto('user_goals')
    .values({ ...goal, current_value: goal.start_value, created_at: goal.start_date })
    .returning('id')
    .executeTakeFirstOrThrow();
  await appendGoalProgress(db, id, goal.start_value, goal.start_date);
  return id;
}

/** Deletes the goal; its history goes with it (the foreign key cascades). */
export async function deleteGoal(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_goals').where('id', '=', id).execute();
}

async function appendGoalProgress(db: Db, goalId: number, value: number, recordedAt: string) {
  await db.insertInto('goal_progress').values({ goal_id: goalId, value, recorded_at: recordedAt }).execute();
}

/**
 * Active goals with their character's stored snapshot (the JSON text 'null' when WOM has none):
 * every one, or only one user's, or one character's.
 */
export function listActiveGoalSnapshots(db: Db, only: { userId?: number; womId?: string } = {}) {
  let query = db
    .selectFrom('user_goals')
    .innerJoin('member_stats', 'member_stats.wom_id', 'user_goals.wom_id')
    .select([
      'user_goals.id',
      'user_goals.metric',
      'user_goals.current_value',
      'user_goals.target_value',
      'user_goals.completed',
      'user_goals.completed_date',
      'member_stats.snapshot',
    ])
    .where('user_goals.completed', '=', false);
  if (only.userId !== undefined) query = query.where('user_goals.user_id', '=', only.userId);
  if (only.womId !== undefined) query = query.where('user_goals.wom_id', '=', only.womId);
  return query.orderBy('user_goals.id').execute();
}

/** Sets the goal's current value and completion, and appends the value to its history. */
export async function recordGoalValue(
  db: Db,
  goalId: number,
  update: { current_value: number; completed: boolean; completed_date: string | null },
  recordedAt: string,
): Promise<void> {
  await db.updateTable('user_goals').set(update).where('id', '=', goalId).execute();
  await appendGoalProgress(db, goalId, update.current_value, recordedAt);
}

/** Whether the user has claimed the character. */
export async function hasClaimed(db: Db, userId: number, womId: string): Promise<boolean> {
  const row = await db
    .selectFrom('player_claims')
    .select('id')
    .where('user_id', '=', userId)
    .where('wom_id', '=', womId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's name, for the goals of one of their characters. */
export function findMemberName(db: Db, womId: string) {
  return db.selectFrom('members').select('name').where('wom_id', '=', womId).executeTakeFirst();
}
