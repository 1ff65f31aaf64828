import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry as ListedAuditEntry } from '#core/audit/audit.schema.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, writeJson } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who did it: a signed-in admin, or the shell (`npm run admin`, start-up) with a label. */
export type AuditActor = { userId: number; label: string } | { userId: null; label: string };

export interface AuditEntry {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actor.userId,
      actor_label: entry.actor.label,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      before: writeJson(entry.before),
      after: writeJson(entry.after),
      created_at: entry.at.toISOString(),
    })
    .execute();
}

/** A page of the log, newest first; `before` (an entry id) pages back from that entry. */
export async function listAuditEntries(
  db: Db,
  page: { limit: number; before?: number | undefined },
): Promise<ListedAuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(page.limit);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, before: readJson(row.before), after: readJson(row.after) }));
}
