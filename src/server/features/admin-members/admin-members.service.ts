import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { pointsOverflowMessage } from '#core/bounds/int32.ts';
import {
  memberChangedMessage,
  notAButtonMessage,
  watchCaseSchema,
  type AdminMember,
  type createMemberInputSchema,
  type updateMemberInputSchema,
} from '#core/members/admin-members.schema.ts';
import type { Page } from '#core/http/paging.ts';
import { toPage } from '#core/http/paging.ts';
import { touchesBaseline } from '#core/members/baseline-source.ts';
import { memberChanges, storedValuesOf } from '#core/members/member-changes.ts';
import {
  DEFAULT_AWARD_REASON,
  POINTS_UNDO_MESSAGES,
  undoReason,
  type PointsHistory,
} from '#core/members/points-history.ts';
import type { MemberReturn } from '#core/members/member-returns.ts';
import { sortRoster } from '#core/members/roster-filters.ts';
import { notWhitelistedMessage } from '#core/members/unwhitelist.ts';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import type { Clock } from '#shared/clock.ts';
import { ConflictError } from '../../db/errors.ts';
import type { PointsKind } from '../../db/schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import type { RosterRow } from '../members/members.repository.ts';
import { toPublicMember } from '../members/members.service.ts';
import { announce } from '../discord/discord-outbox.ts';
import { queueRoleSyncsForMembers } from '../discord-home/role-sync.ts';
import { listMemberReturns } from '../member-history/member-returns.repository.ts';
import { findOpenSeason } from '../seasons/seasons.repository.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { ladderContext, readClanRules } from '../clan-settings/clan-settings.ts';
import type { LadderContext } from '#core/clan/rank-ladder.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { findWomPlayer } from './wom-player-check.ts';
import { dueSinceByMember, proposalFor, refreshRankQueue } from './rank-queue.ts';
import {
  addToScore,
  findLedgerRow,
  findMemberRow,
  insertLedgerRow,
  insertMember,
  listDeletedMemberRows,
  listLedgerRows,
  listMemberRows,
  updateMemberAtVersion,
  updateMemberRow,
  type MemberUpdate,
} from './admin-members.repository.ts';

export interface AdminMembersDeps {
  db: Kysely<Database>;
  clock: Clock;
}

export type CreateMemberData = z.output<typeof createMemberInputSchema>;
export type UpdateMemberData = z.output<typeof updateMemberInputSchema>;

const LEDGER_REASONS = {
  starting: 'Starting score set by admin',
  adjusted: 'Adjusted by admin',
} as const;

const MEMBER_NOT_FOUND = 'Member not found';

function memberExists(womId: string, deleted: boolean): HttpError {
  const message = deleted
    ? `A member with WOM ID ${womId} already exists but was deleted: restore them from the deleted members instead`
    : `A member with WOM ID ${womId} already exists`;
  return new HttpError(409, 'CONFLICT', message);
}

const memberChanged = (name: string) => new HttpError(409, 'CONFLICT', memberChangedMessage(name));

/** A stored case that no longer reads as one is shown as none rather than failing the whole list. */
function watchCaseOf(text: string | null): AdminMember['runewatch_case'] {
  const parsed = watchCaseSchema.safeParse(readJson(text));
  return parsed.success ? parsed.data : null;
}

/** When the member's proposal became due, as the queue stored it for this very rank. */
type DueSince = ReadonlyMap<string, { role: string; due_since: string }>;

export function toAdminMember(
  row: RosterRow,
  returns: MemberReturn[],
  context: LadderContext,
  due: DueSince,
): AdminMember {
  const proposal = proposalFor(context.ladder, row, context.now);
  const stored = due.get(row.wom_id);
  return {
    ...toPublicMember(row, context),
    hidden: toBool(row.hidden),
    not_in_wom: toBool(row.not_in_wom),
    wom_role_synced: row.wom_role_synced,
    role_mismatch: proposal !== null,
    baseline_source: row.baseline_source,
    rank_proposal: proposal,
    proposed_role: proposal?.rank ?? null,
    due_since: proposal !== null && stored?.role === proposal.rank ? stored.due_since : null,
    runewatch_flagged: toBool(row.runewatch_flagged),
    runewatch_reported: toBool(row.runewatch_reported),
    runewatch_reported_at: row.runewatch_reported_at,
    runewatch_case: watchCaseOf(row.runewatch_case),
    runewatch_whitelisted: toBool(row.runewatch_whitelisted),
    runewatch_whitelist_reason: row.runewatch_whitelist_reason,
    runewatch_whitelisted_at: row.runewatch_whitelisted_at,
    left_at: row.left_at,
    deleted_at: row.deleted_at,
    returns,
  };
}

/** Every member not deleted, hidden ones and those who left included, in roster order. */
export async function listAdminMembers(db: Kysely<Database>, now: Date): Promise<AdminMember[]> {
  const [rows, returns, context, due] = await Promise.all([
    listMemberRows(db),
    listMemberReturns(db),
    ladderContext(db, now),
    dueSinceByMember(db),
  ]);
  return sortRoster(rows.map((row) => toAdminMember(row, returns.get(row.wom_id) ?? [], context, due)));
}

export async function listDeletedMembers(db: Kysely<Database>, now: Date): Promise<AdminMember[]> {
  const [rows, returns, context] = await Promise.all([
    listDeletedMemberRows(db),
    listMemberReturns(db),
    ladderContext(db, now),
  ]);
  return rows.map((row) => toAdminMember(row, returns.get(row.wom_id) ?? [], context, new Map()));
}

async function returnsOf(trx: Transaction<Database>, womId: string): Promise<MemberReturn[]> {
  return (await listMemberReturns(trx, [womId])).get(womId) ?? [];
}

/** The member as the admin sees them, read in the transaction that wrote them. */
async function adminViewIn(
  trx: Transaction<Database>,
  row: RosterRow,
  now: Date,
  ladder?: RankLadder,
): Promise<AdminMember> {
  return toAdminMember(
    row,
    await returnsOf(trx, row.wom_id),
    { ladder: ladder ?? (await readClanRules(trx)).ladder, now },
    await dueSinceByMember(trx, [row.wom_id]),
  );
}

/**
 * The member after a write, with their place in the promotion queue brought up to date in the same
 * transaction: an edit, points or a rank set by hand can each make a change due or settle it.
 */
async function savedMember(trx: Transaction<Database>, womId: string, now: Date): Promise<AdminMember> {
  const row = await findMemberRow(trx, womId);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  const { ladder } = await readClanRules(trx);
  await refreshRankQueue(trx, ladder, now, [womId]);
  return adminViewIn(trx, row, now, ladder);
}

/** Books points to the open season, in the transaction that moves the member's score by as much. */
async function bookPoints(
  trx: Transaction<Database>,
  entry: {
    womId: string;
    amount: number;
    reason: string;
    actor: AuditActor;
    at: string;
    kind?: PointsKind;
    reverses_id?: number;
  },
): Promise<void> {
  const { womId, actor, at, ...row } = entry;
  // Read after the score was written: a reset that committed meanwhile has opened the season to book to.
  const season = await findOpenSeason(trx);
  await insertLedgerRow(trx, {
    ...row,
    member_wom_id: womId,
    season_id: season.id,
    actor_user_id: actor.userId,
    created_at: at,
  });
}

/** The audit row and the revision bump every admin write makes, in its transaction. */
async function recordChange(
  trx: Transaction<Database>,
  change: {
    actor: AuditActor;
    action: AuditAction;
    womId: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await recordAudit(trx, {
    actor: change.actor,
    action: change.action,
    targetType: 'member',
    targetId: change.womId,
    before: change.before,
    after: change.after,
    at: change.at,
  });
  await bumpRevision(trx, 'members');
}

/**
 * Adds a member by hand. WOM is asked first (issue 29): an id it has no player for is refused with
 * 400 and nothing is written; when WOM cannot answer, the member is saved unchecked. A starting
 * score is booked in the ledger, so the score is always the season's sum. The member is not marked
 * as synced from WOM: the next sync adopts them, or flags them as not in the clan's group.
 */
export async function createMember(
  deps: AdminMembersDeps & { gateway: WomGateway },
  input: CreateMemberData,
  actor: AuditActor,
): Promise<AdminMember> {
  const now = deps.clock.now();
  const at = now.toISOString();
  await findWomPlayer(deps.gateway, input.wom_id);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = await findMemberRow(trx, input.wom_id);
      if (existing) throw memberExists(input.wom_id, existing.deleted_at !== null);
      // The form's initial XP and level are the admin's own figures.
      await insertMember(trx, { ...input, baseline_source: 'admin', created_at: at, updated_at: at });
      if (input.siege_score > 0) {
        await bookPoints(trx, {
          womId: input.wom_id,
          amount: input.siege_score,
          reason: LEDGER_REASONS.starting,
          actor,
          at,
        });
      }
      await recordChange(trx, {
        actor,
        action: 'member.create',
        womId: input.wom_id,
        before: null,
        after: input,
        at: now,
      });
      return savedMember(trx, input.wom_id, now);
    });
  } catch (error) {
    // Added by someone else between the check and the insert.
    if (error instanceof ConflictError) throw memberExists(input.wom_id, false);
    throw error;
  }
}

/**
 * Saves the fields an admin changed, only if the member is still at the version their form loaded;
 * otherwise 409 with a message naming the member, and nothing is written. A new score books the
 * difference in the ledger.
 */
export async function updateMember(
  deps: AdminMembersDeps,
  womId: string,
  input: UpdateMemberData,
  actor: AuditActor,
): Promise<AdminMember> {
  const { expected_updated_at: version, ...sent } = input;
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await findMemberRow(trx, womId);
    if (!row || row.deleted_at !== null) throw notFound(MEMBER_NOT_FOUND);
    if (row.updated_at !== version) throw memberChanged(row.name);
    const edited = memberChanges(row, sent);
    if (Object.keys(edited).length === 0) throw new HttpError(400, 'NO_CHANGES');
    // A baseline typed by hand is the admin's: rank proposals trust it, and the backfill leaves it be.
    const changes = touchesBaseline(edited) ? { ...edited, baseline_source: 'admin' as const } : edited;
    if (!(await updateMemberAtVersion(trx, womId, version, { ...changes, updated_at: at }))) {
      throw memberChanged(row.name);
    }
    if (changes.siege_score !== undefined) {
      await bookPoints(trx, {
        womId,
        amount: changes.siege_score - row.siege_score,
        reason: LEDGER_REASONS.adjusted,
        actor,
        at,
      });
    }
    if (changes.womrole !== undefined) {
      await announceRankSet(trx, { ...row, name: changes.name ?? row.name }, changes.womrole, now);
    }
    await recordChange(trx, {
      actor,
      action: 'member.update',
      womId,
      before: touchesBaseline(edited)
        ? { ...storedValuesOf(row, edited), baseline_source: row.baseline_source }
        : storedValuesOf(row, edited),
      after: changes,
      at: now,
    });
    return savedMember(trx, womId, now);
  });
}

/**
 * +2, +5, +10 or +15, with the admin's reason if they gave one: one ledger row (an award, which can
 * be undone) and the score raised in SQL, in one transaction. A score that would pass what its column
 * holds is refused with 400, on SQLite as on PostgreSQL.
 */
export async function addPoints(
  deps: AdminMembersDeps,
  womId: string,
  award: { amount: number; reason: string | null },
  actor: AuditActor,
): Promise<AdminMember> {
  const { amount, reason } = award;
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const { buttons } = (await readClanRules(trx)).points;
    if (!buttons.includes(amount)) throw badRequest(notAButtonMessage(buttons));
    const score = await addToScore(trx, womId, amount, at);
    if (score === undefined) {
      const row = await findMemberRow(trx, womId);
      if (!row || row.deleted_at !== null) throw notFound(MEMBER_NOT_FOUND);
      throw badRequest(pointsOverflowMessage(row.name, row.siege_score, amount));
    }
    await bookPoints(trx, {
      womId,
      amount,
      reason: reason ?? DEFAULT_AWARD_REASON,
      kind: 'award',
      actor,
      at,
    });
    await recordChange(trx, {
      actor,
      action: 'member.points',
      womId,
      before: { siege_score: score - amount },
      after: { siege_score: score, amount, ...(reason === null ? {} : { reason }) },
      at: now,
    });
    return savedMember(trx, womId, now);
  });
}

const undoRefused = (message: string) => new HttpError(409, 'CONFLICT', message);

/**
 * Takes back an award of the points buttons (issue 29): a ledger row of the opposite amount, linked
 * to the award, and the score lowered by as much, audited, in one transaction. Only an award of the
 * open season that still stands can be undone, and never below a score of 0; anything else is
 * refused with 409 and nothing is written.
 */
export async function undoPoints(
  deps: AdminMembersDeps,
  womId: string,
  pointId: number,
  actor: AuditActor,
): Promise<AdminMember> {
  const now = deps.clock.now();
  const at = now.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const member = await findMemberRow(trx, womId);
      if (!member || member.deleted_at !== null) throw notFound(MEMBER_NOT_FOUND);
      const award = await findLedgerRow(trx, womId, pointId);
      if (!award) throw notFound(POINTS_UNDO_MESSAGES.notFound);
      if (award.kind !== 'award') throw undoRefused(POINTS_UNDO_MESSAGES.notAward);
      if (award.undone_by !== null) throw undoRefused(POINTS_UNDO_MESSAGES.alreadyUndone);
      if (award.season_id !== (await findOpenSeason(trx)).id) {
        throw undoRefused(POINTS_UNDO_MESSAGES.closedSeason);
      }
      // The undo row first: of two admins undoing at once, the second stops here (unique key).
      await bookPoints(trx, {
        womId,
        amount: -award.amount,
        reason: undoReason(award.reason),
        kind: 'undo',
        reverses_id: award.id,
        actor,
        at,
      });
      const score = await addToScore(trx, womId, -award.amount, at);
      if (score === undefined) throw undoRefused(POINTS_UNDO_MESSAGES.belowZero(member.name));
      await recordChange(trx, {
        actor,
        action: 'member.points_undo',
        womId,
        before: { siege_score: score + award.amount },
        after: { siege_score: score, amount: -award.amount, undone_id: award.id, reason: award.reason },
        at: now,
      });
      return savedMember(trx, womId, now);
    });
  } catch (error) {
    if (error instanceof ConflictError) throw undoRefused(POINTS_UNDO_MESSAGES.alreadyUndone);
    throw error;
  }
}

/** An admin's rank for a member, told to the routes carrying rank changes, in the save's transaction. */
async function announceRankSet(
  trx: Transaction<Database>,
  member: { wom_id: string; name: string; womrole: string | null },
  role: string | null,
  at: Date,
): Promise<void> {
  await queueRoleSyncsForMembers(trx, [member.wom_id], 'rank', at);
  // Clearing a rank is not news: the message says what rank the member now holds.
  if (role === null) return;
  await announce(
    trx,
    {
      kind: 'rank_changed',
      changes: [{ wom_id: member.wom_id, name: member.name, from: member.womrole, to: role, by_admin: true }],
    },
    at,
  );
}

interface MemberAction {
  womId: string;
  action: AuditAction;
  /** Restore acts on a deleted member; every other action on one who is not. */
  onDeleted?: boolean;
  /**
   * The columns to write, or null when the member already is as asked (nothing is written). It may
   * throw to refuse the action, which then writes nothing.
   */
  change(row: RosterRow): MemberUpdate | null;
  /** What the audit row's `after` records beside the changed fields: why, when the admin said so. */
  note?: Record<string, unknown>;
  /** What the change tells Discord, in its transaction; only when something was written. */
  announce?(trx: Transaction<Database>, before: RosterRow, at: Date): Promise<void>;
}

/** The fields of the admin view that a write changed, for the audit row. */
function viewOf(member: AdminMember, patch: MemberUpdate): Partial<AdminMember> {
  return Object.fromEntries(
    Object.keys(patch).flatMap((key) => (key in member ? [[key, member[key as keyof AdminMember]]] : [])),
  );
}

/** One action on one member, with its audit row and revision bump, in one transaction. */
async function actOnMember(
  deps: AdminMembersDeps,
  actor: AuditActor,
  action: MemberAction,
): Promise<AdminMember> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await findMemberRow(trx, action.womId);
    if (!row || (row.deleted_at !== null) !== (action.onDeleted ?? false)) throw notFound(MEMBER_NOT_FOUND);
    const before = await adminViewIn(trx, row, now);
    const patch = action.change(row);
    if (patch === null) return before;
    await updateMemberRow(trx, action.womId, { ...patch, updated_at: now.toISOString() });
    const after = await savedMember(trx, action.womId, now);
    await recordChange(trx, {
      actor,
      action: action.action,
      womId: action.womId,
      before: viewOf(before, patch),
      after: { ...viewOf(after, patch), ...action.note },
      at: now,
    });
    await action.announce?.(trx, row, now);
    return after;
  });
}

export function setVisibility(deps: AdminMembersDeps, womId: string, hidden: boolean, actor: AuditActor) {
  return actOnMember(deps, actor, {
    womId,
    action: 'member.visibility',
    change: (row) => (toBool(row.hidden) === hidden ? null : { hidden }),
  });
}

/**
 * Sets the site's rank only. WOM's last-seen role (`wom_role_synced`) stays, so the sync keeps this
 * rank until the member's role in WOM itself changes (domain-rules.md, Ranks).
 */
export function setRank(deps: AdminMembersDeps, womId: string, role: string, actor: AuditActor) {
  return actOnMember(deps, actor, {
    womId,
    action: 'member.rank',
    change: (row) => (row.womrole === role ? null : { womrole: role }),
    announce: (trx, before, at) => announceRankSet(trx, before, role, at),
  });
}

export function whitelistMember(deps: AdminMembersDeps, womId: string, reason: string, actor: AuditActor) {
  const at = deps.clock.now().toISOString();
  return actOnMember(deps, actor, {
    womId,
    action: 'member.whitelist',
    change: () => ({
      runewatch_whitelisted: true,
      runewatch_whitelist_reason: reason,
      runewatch_whitelisted_at: at,
      runewatch_whitelisted_by: actor.userId,
    }),
  });
}

/**
 * Takes a member off the player-watch whitelist, so a reported member is an alert again. The audit
 * row keeps the reason, and the whitelist's own reason as it was; a member who is not whitelisted
 * is refused with 409 and nothing is written.
 */
export function unwhitelistMember(deps: AdminMembersDeps, womId: string, reason: string, actor: AuditActor) {
  return actOnMember(deps, actor, {
    womId,
    action: 'member.unwhitelist',
    change: (row) => {
      if (!toBool(row.runewatch_whitelisted)) {
        throw new HttpError(409, 'CONFLICT', notWhitelistedMessage(row.name));
      }
      return {
        runewatch_whitelisted: false,
        runewatch_whitelist_reason: null,
        runewatch_whitelisted_at: null,
        runewatch_whitelisted_by: null,
      };
    },
    note: { unwhitelist_reason: reason },
  });
}

/**
 * One page of a member's points in the open season, newest first: what the ledger booked, for what
 * and by whom. A deleted member's history is still theirs to read; an unknown one is a 404.
 */
export async function memberPointsHistory(
  db: Kysely<Database>,
  womId: string,
  page: Page,
): Promise<PointsHistory> {
  if (!(await findMemberRow(db, womId))) throw notFound(MEMBER_NOT_FOUND);
  const season = await findOpenSeason(db);
  const rows = await listLedgerRows(db, womId, season.id, page);
  return {
    ...toPage(rows, page.limit, (row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      event:
        row.event_id === null || row.event_name === null ? null : { id: row.event_id, name: row.event_name },
      actor:
        row.actor_id === null || row.actor_username === null
          ? null
          : { id: row.actor_id, username: row.actor_username },
      created_at: row.created_at,
      kind: row.kind,
      reverses_id: row.reverses_id,
      undone_at: row.undone_at,
      undoable: row.kind === 'award' && row.undone_at === null,
    })),
    season: { id: season.id, name: season.name },
  };
}

/** A soft delete: the member, their points and history stay, and can be restored. */
export async function deleteMember(deps: AdminMembersDeps, womId: string, actor: AuditActor): Promise<void> {
  const at = deps.clock.now().toISOString();
  await actOnMember(deps, actor, { womId, action: 'member.delete', change: () => ({ deleted_at: at }) });
}

export function restoreMember(deps: AdminMembersDeps, womId: string, actor: AuditActor) {
  return actOnMember(deps, actor, {
    womId,
    action: 'member.restore',
    onDeleted: true,
    change: () => ({ deleted_at: null }),
  });
}
