import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readJson, writeJson } from '../../db/values.ts';

export const WOM_SYNC = 'wom-sync';

export interface SyncRun {
  id: number;
  kind: string;
  started_at: string;
  finished_at: string | null;
  outcome: 'running' | 'succeeded' | 'failed';
  stage: string | null;
  error: string | null;
  wom_requests: number;
  counts: Record<string, number> | null;
  triggered_by: number | null;
}

export async function startSyncRun(
  db: Kysely<Database>,
  run: { kind: string; now: Date; triggeredBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto('sync_runs')
    .values({
      kind: run.kind,
      started_at: run.now.toISOString(),
      outcome: 'running',
      stage: 'starting',
      wom_requests: 0,
      triggered_by: run.triggeredBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSyncProgress(
  db: Kysely<Database>,
  id: number,
  progress: { stage: string; womRequests: number },
): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({ stage: progress.stage, wom_requests: progress.womRequests })
    .where('id', '=', id)
    .execute();
}

export async function finishSyncRun(
  db: Kysely<Database>,
  id: number,
  result: {
    outcome: 'succeeded' | 'failed';
    now: Date;
    womRequests: number;
    counts?: Record<string, number>;
    error?: string;
  },
): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({
      outcome: result.outcome,
      finished_at: result.now.toISOString(),
      stage: null,
      wom_requests: result.womRequests,
      counts: writeJson(result.counts),
      error: result.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export async function listSyncRuns(db: Kysely<Database>, kind: string, limit: number): Promise<SyncRun[]> {
  const rows = await db
    .selectFrom('sync_runs')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, counts: readJson<Record<string, number>>(row.counts) }));
}

/** Runs left 'running' by a process that died: recorded as failed so the history stays honest. */
export async function failInterruptedRuns(db: Kysely<Database>, kind: string, now: Date): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({
      outcome: 'failed',
      finished_at: now.toISOString(),
      stage: null,
      error: 'Interrupted: the server stopped during the run',
    })
    .where('kind', '=', kind)
    .where('outcome', '=', 'running')
    .execute();
}
