import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeJson } from '../../db/values.ts';

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
