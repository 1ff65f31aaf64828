import type { Kysely, Transaction } from 'kysely';
import type { AdminEvent, CreatedCompetition, EventStanding } from '#core/events/admin-events.schema.ts';
import { EVENT_BOOKING_MESSAGES, eventBookingProblem } from '#core/events/event-booking.ts';
import { planEventAwards } from '#core/events/event-awards.ts';
import {
  EVENT_MESSAGES,
  eventDeleteProblem,
  planEventSave,
  type EventFields,
  type EventSaveProblem,
  type ParsedEventInput,
} from '#core/events/event-save.ts';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import type { Clock } from '#shared/clock.ts';
import { ConflictError } from '../../db/errors.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { announce } from '../discord/discord-outbox.ts';
import { competitionRef } from '../wom-sync/sync-news.ts';
import { bookPlannedAwards } from '../wom-sync/book-awards.ts';
import { womCacheKeys, type CompetitionStandings } from '../wom-sync/wom-payloads.ts';
import { listScoringMemberIds } from '../wom-sync/wom-sync.repository.ts';
import { readWomCache } from '../wom-data/wom-data.repository.ts';
import { competitionTitle } from './competition-check.ts';
import { createCompetitionOnWom } from './create-competition.ts';
import { readClanRules } from '../clan-settings/clan-settings.ts';
import {
  claimEventBooking,
  deleteManualEvent,
  findAdminEvent,
  findEventIdByWomId,
  insertManualEvent,
  updateManualEvent,
} from './admin-events.repository.ts';

export interface AdminEventsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Checks a linked competition against WOM when it is saved, and creates one when asked. */
  gateway: WomGateway;
  /** The clan's WOM group, whose competitions the site creates. */
  groupId: number;
}

/** The event already linked to the competition, looked up again inside the save's transaction. */
const linkHolder = (deps: AdminEventsDeps, womId: string | null) =>
  womId === null ? Promise.resolve(null) : findEventIdByWomId(deps.db, womId);

/**
 * What WOM says of the competition the save links, asked before the transaction so no lock waits
 * on WOM: the title of a new or changed link (a 404 or WOM down refuses the save before anything is
 * written), or what is stored for a link that did not change, so editing an event's text does not
 * need WOM. A link the sync found missing is asked again, to clear (or keep refusing) the flag.
 */
async function linkedCompetition(
  deps: AdminEventsDeps,
  womId: string | null,
  stored: AdminEvent | null,
): Promise<{ wom_title: string | null; wom_missing_at: null }> {
  if (womId === null) return { wom_title: null, wom_missing_at: null };
  if (stored?.wom_id === womId && stored.wom_title !== null && stored.wom_missing_at === null)
    return { wom_title: stored.wom_title, wom_missing_at: null };
  return { wom_title: await competitionTitle(deps.gateway, womId), wom_missing_at: null };
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
    action: AuditAction;
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

/**
 * The competition an event is linked to: the one the admin named (checked against WOM), or one
 * created on WOM for it (issue 30), whose id the event then links.
 */
async function competitionFor(deps: AdminEventsDeps, input: ParsedEventInput, fields: EventFields) {
  if (input.create_competition === null)
    return { input, competition: await linkedCompetition(deps, input.wom_id, null), created: null };
  if (input.wom_id !== null) throw badRequest(EVENT_MESSAGES.createWithLink);
  const created = await createCompetitionOnWom(deps, fields, input.create_competition.teams);
  return {
    input: { ...input, wom_id: String(created.id) },
    competition: { wom_title: created.title, wom_missing_at: null },
    created,
  };
}

export async function createEvent(
  deps: AdminEventsDeps,
  sent: ParsedEventInput,
  actor: AuditActor,
): Promise<AdminEvent & { wom_competition?: CreatedCompetition }> {
  // The input's own problems and a taken link first, so a refused save never costs a WOM request.
  const early = planEventSave(sent, { editing: null, womIdHeldBy: await linkHolder(deps, sent.wom_id) });
  if ('problem' in early) throw refusal(early);
  const { input, competition, created } = await competitionFor(deps, sent, early.fields);
  const event = await refusingTakenLink(input.wom_id, () =>
    deps.db.transaction().execute(async (trx) => {
      const womIdHeldBy = input.wom_id === null ? null : await findEventIdByWomId(trx, input.wom_id);
      const plan = planEventSave(input, { editing: null, womIdHeldBy });
      if ('problem' in plan) throw refusal(plan);
      const fields = { ...plan.fields, ...competition };
      const now = deps.clock.now();
      const event = await insertManualEvent(trx, fields, now.toISOString());
      await audited(deps, trx, { actor, action: 'event.create', id: event.id, before: null, after: event });
      // An event written down after it ended is a record, not news.
      if (Date.parse(event.end_date ?? fields.end_date) > now.getTime()) {
        const competition = competitionRef(event, { startsAt: fields.start_date, endsAt: fields.end_date });
        await announce(trx, { kind: 'competition_created', competition }, now);
      }
      return event;
    }),
  );
  return created === null ? event : { ...event, wom_competition: created };
}

export async function updateEvent(
  deps: AdminEventsDeps,
  id: number,
  input: ParsedEventInput,
  actor: AuditActor,
): Promise<AdminEvent> {
  const stored = await findAdminEvent(deps.db, id);
  if (!stored) throw notFound(EVENT_NOT_FOUND);
  if (input.create_competition !== null) throw badRequest(EVENT_MESSAGES.createOnlyNew);
  // The input's own problems and a taken link first, so a refused edit never costs a WOM request.
  const early = planEventSave(input, { editing: stored, womIdHeldBy: await linkHolder(deps, input.wom_id) });
  if ('problem' in early) throw refusal(early);
  const competition = await linkedCompetition(deps, input.wom_id, stored);
  return refusingTakenLink(input.wom_id, () =>
    deps.db.transaction().execute(async (trx) => {
      const before = await findAdminEvent(trx, id);
      if (!before) throw notFound(EVENT_NOT_FOUND);
      const womIdHeldBy = input.wom_id === null ? null : await findEventIdByWomId(trx, input.wom_id);
      const plan = planEventSave(input, { editing: before, womIdHeldBy });
      if ('problem' in plan) throw refusal(plan);
      const fields = { ...plan.fields, ...competition };
      // Gone or changed hands since it was read (another admin's delete): as if it never was.
      const after = await updateManualEvent(trx, id, fields, deps.clock.now().toISOString());
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

/**
 * What an event's stored standings pay, by the clan as it is now and its point values: null when the
 * event has no competition, no dates or no standings stored yet. The admin's booking pays by it, and
 * the award-in-one-go dialog starts from it.
 */
async function plannedAwards(db: Kysely<Database> | Transaction<Database>, event: AdminEvent) {
  const standings =
    event.wom_id === null
      ? null
      : await readWomCache<CompetitionStandings>(db, womCacheKeys.standings(Number(event.wom_id)));
  // A synced event has its competition's dates; the standings come in with its results.
  if (!standings || event.start_date === null || event.end_date === null) return null;
  const members = await listScoringMemberIds(db);
  return planEventAwards({
    title: event.name,
    startsAt: new Date(event.start_date),
    endsAt: new Date(event.end_date),
    short: event.short_event,
    team: standings.teams !== null,
    standings: standings.participants.map((p) => ({
      key: String(p.playerId),
      displayName: p.displayName,
      gained: p.progress.gained,
      team: p.teamName ?? '',
    })),
    isMember: (key) => members.has(key),
    points: (await readClanRules(db)).points,
  });
}

/** The members an event's stored standings would pay, best first, for the award-in-one-go dialog. */
export async function eventStandings(db: Kysely<Database>, id: number): Promise<EventStanding[]> {
  const event = await findAdminEvent(db, id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const plan = await plannedAwards(db, event);
  if (!plan) return [];
  const names = new Map(
    (
      await db
        .selectFrom('members')
        .select(['wom_id', 'name'])
        .where('wom_id', 'in', [...plan.awards.map((a) => a.key), ''])
        .execute()
    ).map((row) => [row.wom_id, row.name]),
  );
  return plan.awards.map((award) => ({
    wom_id: award.key,
    name: names.get(award.key) ?? award.key,
    gained: award.gained,
    placement: award.placement,
    points: award.points,
  }));
}

/**
 * Books the points of an event from before this site (issue 29), by the standings the sync stored
 * and the clan as it is now, through the points ledger like any award (so each can be undone), with
 * one audit row. Claimed first in the transaction, so two admins clicking at once book it once.
 */
export async function bookEventPoints(
  deps: AdminEventsDeps,
  id: number,
  actor: AuditActor,
): Promise<AdminEvent> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findAdminEvent(trx, id);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    const problem = eventBookingProblem(before);
    if (problem) throw new HttpError(409, 'CONFLICT', problem);
    const plan = await plannedAwards(trx, before);
    if (!plan) throw new HttpError(409, 'CONFLICT', EVENT_BOOKING_MESSAGES.noResults);
    const now = deps.clock.now();
    if (!(await claimEventBooking(trx, id, now)))
      throw new HttpError(409, 'CONFLICT', EVENT_BOOKING_MESSAGES.alreadyBooked);
    const paid = new Set(await bookPlannedAwards(trx, before, plan, now, actor.userId ?? undefined));
    const after = await findAdminEvent(trx, id);
    if (!after) throw notFound(EVENT_NOT_FOUND);
    const points = plan.awards
      .filter((award) => paid.has(award.key))
      .reduce((sum, award) => sum + award.points, 0);
    await recordAudit(trx, {
      actor,
      action: 'event.book-points',
      targetType: 'event',
      targetId: id,
      before: { points_awarded_at: null },
      after: { points_awarded_at: after.points_awarded_at, members: paid.size, points },
      at: now,
    });
    await bumpRevision(trx, 'members');
    return after;
  });
}
