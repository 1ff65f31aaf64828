import type { Transaction } from 'kysely';
import type { TileGoal } from '#core/bingo/bingo.schema.ts';
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

async function figuresByMember(
  trx: Transaction<Database>,
  womIds: readonly string[],
  metrics: readonly string[],
) {
  const rows = await trx
    .selectFrom('member_stats')
    .select(['wom_id', 'snapshot'])
    .where('wom_id', 'in', [...womIds, ''])
    .execute();
  const snapshots = new Map(rows.map((row) => [row.wom_id, readJson<PlayerSnapshot>(row.snapshot)]));
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
