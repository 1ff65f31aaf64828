import type { Kysely, Transaction } from 'kysely';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import {
  EVENT_MESSAGES,
  eventDeleteProblem,
  planEventSave,
  type EventSaveProblem,
  type ParsedEventInput,
} from '#core/events/event-save.ts';
import type { Clock } from '../../clock.ts';
import { ConflictError } from '../../db/errors.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import {
  deleteManualEvent,
  findAdminEvent,
  findEventIdByWomId,
  insertManualEvent,
  updateManualEvent,
} from './admin-events.repository.ts';

export interface AdminEventsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const EVENT_NOT_FOUND = 'Event not found';

function refusal(problem: EventSaveProblem): HttpError {
  return problem.problem === 'invalid'
    ? badRequest(problem.message)
    : new HttpError(409, 'CONFLICT', problem.message);
}

/**
 * Two admins linking one competition at once: the unique key refuses the second save, which gets
 * the message the rules give when the link is already taken.
 */
async function refusingTakenLink<T>(womId: string | null, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof ConflictError && womId !== null)
      throw new HttpError(409, 'CONFLICT', EVENT_MESSAGES.womIdTaken(womId));
    throw error;
  }
}

/** The write, its audit row and the events revision (so /api/events changes at once) commit together. */
async function audited(
  deps: AdminEventsDeps,
  trx: Transaction<Database>,
  entry: {
    actor: AuditActor;
    action: string;
    id: number;
    before: AdminEvent | null;
    after: AdminEvent | null;
  },
): Promise<void> {
  await recordAudit(trx, {
    actor: entry.actor,
    action: entry.action,
    targetType: 'event',
    targetId: entry.id,
    before: entry.before,
    after: entry.after,
    at: deps.clock.now(),
  });
  await bumpRevision(trx, 'events');
}

export async function createEvent(
  deps: AdminEventsDeps,
  input: ParsedEventInput,
  actor: AuditActor,
): Promise<AdminEvent> {
  return refusingTakenLink(input.wom_id, () =>
    deps.db.transaction().execute(async (trx) => {
      const womIdHeldBy = input.wom_id === null ? null : await findEventIdByWomId(trx, input.wom_id);
      const plan = planEventSave(input, { editing: null, womIdHeldBy });
      if ('problem' in plan) throw refusal(plan);
      const event = await insertManualEvent(trx, plan.fields, deps.clock.now().toISOString());
      await audited(deps, trx, { actor, action: 'event.create', id: event.id, before: null, after: event });
      return event;
    }),
  );
}

export async function updateEvent(
  deps: AdminEventsDeps,
  id: number,
  input: ParsedEventInput,
  actor: AuditActor,
): Promise<AdminEvent> {
  return refusingTakenLink(input.wom_id, () =>
    deps.db.transaction().execute(async (trx) => {
      const before = await findAdminEvent(trx, id);
      if (!before) throw notFound(EVENT_NOT_FOUND);
      const womIdHeldBy = input.wom_id === null ? null : await findEventIdByWomId(trx, input.wom_id);
      const plan = planEventSave(input, { editing: before, womIdHeldBy });
      if ('problem' in plan) throw refusal(plan);
      // Gone or changed hands since it was read (another admin's delete): as if it never was.
      const after = await updateManualEvent(trx, id, plan.fields, deps.clock.now().toISOString());
      if (!after) throw notFound(EVENT_NOT_FOUND);
      await audited(deps, trx, { actor, action: 'event.update', id, before, after });
      return after;
    }),
  );
}

export async function deleteEvent(deps: AdminEventsDeps, id: number, actor: AuditActor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findAdminEvent(trx, id);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    const problem = eventDeleteProblem(before);
    if (problem) throw refusal(problem);
    if (!(await deleteManualEvent(trx, id))) throw notFound(EVENT_NOT_FOUND);
    await audited(deps, trx, { actor, action: 'event.delete', id, before, after: null });
  });
}
