import type { Kysely, Transaction } from 'kysely';
import type { TileGoal } from '#core/bingo/bingo.schema.ts';
import type { BoardInput } from '#core/bingo/board-view.ts';
import { BOSS_KEYS } from '#core/metrics/metric-catalogue.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';

type Figures = Record<string, number>;

/** A snapshot's figure for a metric: XP for a skill, kills for a boss (0 when WOM has none). */
export function figureOf(snapshot: PlayerSnapshot | null, metric: string): number {
  if (!snapshot) return 0;
  const skill = snapshot.data.skills[metric];
  if (skill) return Math.max(0, skill.experience);
  return Math.max(0, snapshot.data.bosses[metric]?.kills ?? 0);
}

/** The metrics a board's WOM-measured tiles read. */
export const gainMetricsOf = (goals: readonly TileGoal[]): string[] => [
  ...new Set(goals.flatMap((goal) => (goal.type === 'kc' || goal.type === 'xp' ? [goal.metric] : []))),
];

type Db = Kysely<Database> | Transaction<Database>;

/** The members' latest WOM snapshots, by WOM id. */
async function latestSnapshots(
  db: Db,
  womIds: readonly string[],
): Promise<Map<string, PlayerSnapshot | null>> {
  const rows = await db
    .selectFrom('member_stats')
    .select(['wom_id', 'snapshot'])
    .where('wom_id', 'in', [...womIds, ''])
    .execute();
  return new Map(rows.map((row) => [row.wom_id, readJson<PlayerSnapshot>(row.snapshot)]));
}

async function figuresByMember(
  trx: Transaction<Database>,
  womIds: readonly string[],
  metrics: readonly string[],
) {
  const snapshots = await latestSnapshots(trx, womIds);
  return (womId: string): Figures =>
    Object.fromEntries(metrics.map((metric) => [metric, figureOf(snapshots.get(womId) ?? null, metric)]));
}

/**
 * After each sync stored WOM's snapshots (issue 31): each member of a team on a board that has begun
 * gets their figures for its WOM-measured tiles recorded once, as the start their gains count from;
 * once the board has ended, each gets their figures at the end recorded once too, so nothing gained
 * after it counts. The first sync after the start (or the end) takes them.
 */
export async function captureBingoFigures(trx: Transaction<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  const boards = await trx
    .selectFrom('bingo_boards')
    .select(['id', 'ends_at'])
    .where('starts_at', '<=', at)
    .execute();
  let changed = false;
  for (const board of boards) {
    const goals = (
      await trx.selectFrom('bingo_tiles').select('goal').where('board_id', '=', board.id).execute()
    ).map((row) => JSON.parse(row.goal) as TileGoal);
    const metrics = gainMetricsOf(goals);
    if (metrics.length === 0) continue;
    const ended = Date.parse(board.ends_at) <= now.getTime();
    const members = await trx
      .selectFrom('bingo_team_members')
      .leftJoin('bingo_baselines', (join) =>
        join
          .onRef('bingo_baselines.board_id', '=', 'bingo_team_members.board_id')
          .onRef('bingo_baselines.wom_id', '=', 'bingo_team_members.wom_id'),
      )
      .select(['bingo_team_members.wom_id', 'bingo_baselines.taken_at', 'bingo_baselines.final_values'])
      .where('bingo_team_members.board_id', '=', board.id)
      .execute();
    const missing = members.filter((member) => member.taken_at === null);
    const unfinished = ended
      ? members.filter((member) => member.taken_at !== null && member.final_values === null)
      : [];
    if (missing.length === 0 && unfinished.length === 0) continue;
    const figures = await figuresByMember(
      trx,
      members.map((member) => member.wom_id),
      metrics,
    );
    for (const member of missing) {
      await trx
        .insertInto('bingo_baselines')
        .values({
          board_id: board.id,
          wom_id: member.wom_id,
          values: JSON.stringify(figures(member.wom_id)),
          taken_at: at,
        })
        .execute();
    }
    for (const member of unfinished) {
      await trx
        .updateTable('bingo_baselines')
        .set({ final_values: JSON.stringify(figures(member.wom_id)) })
        .where('board_id', '=', board.id)
        .where('wom_id', '=', member.wom_id)
        .execute();
    }
    changed = true;
  }
  if (changed) await bumpRevision(trx, 'bingo');
}

const BOSSES: ReadonlySet<string> = new Set(BOSS_KEYS);

/**
 * Each member's gain per metric of the board's WOM-measured tiles: from their figures at the start to
 * those at the end, or their latest while the board runs. A boss's kills count only for members WOM
 * measured at the start (a boss under the hiscores' threshold reads 0): the others' come from Dink.
 */
export async function boardGains(db: Db, board: BoardInput): Promise<Map<string, Map<string, number>>> {
  const metrics = gainMetricsOf(board.tiles.map((tile) => tile.goal));
  const gains = new Map<string, Map<string, number>>(metrics.map((metric) => [metric, new Map()]));
  if (metrics.length === 0) return gains;
  const womIds = board.teams.flatMap((team) => team.members.map((member) => member.wom_id));
  const [baselines, current] = await Promise.all([
    db
      .selectFrom('bingo_baselines')
      .select(['wom_id', 'values', 'final_values'])
      .where('board_id', '=', board.id)
      .execute(),
    latestSnapshots(db, womIds),
  ]);
  for (const baseline of baselines) {
    const start = JSON.parse(baseline.values) as Figures;
    const end = baseline.final_values === null ? null : (JSON.parse(baseline.final_values) as Figures);
    for (const metric of metrics) {
      const from = start[metric];
      if (from === undefined || (BOSSES.has(metric) && from <= 0)) continue;
      const to = end?.[metric] ?? figureOf(current.get(baseline.wom_id) ?? null, metric);
      gains.get(metric)?.set(baseline.wom_id, to - from);
    }
  }
  return gains;
}
