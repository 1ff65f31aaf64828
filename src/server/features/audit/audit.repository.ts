import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditEntry as ListedAuditEntry, AuditFilters, AuditQuery } from '#core/audit/audit.schema.ts';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import { MAX_SERIAL_ID } from '#core/http/params.schema.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, writeJson } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who did it: a signed-in admin, or the shell (`npm run admin`, start-up) with a label. */
export type AuditActor = { userId: number; label: string } | { userId: null; label: string };

export interface AuditEntry {
  actor: AuditActor;
  /** Only actions with a readable name in the one list (describe-audit.ts). */
  action: AuditAction;
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

/** Bulk actions that name their members by WOM id inside the row: as keys, or in these lists. */
const MEMBER_KEYED_ACTIONS = ['member.import'];
const MEMBER_LISTS = ['reported', 'cleared'] as const;
const PLAYER_WATCH_IMPORT = 'player-watch.import';

/** Bound so one `in (...)` list stays far below both dialects' limits on parameters. */
const IN_LIST_CHUNK = 500;

type Row = Omit<
  ListedAuditEntry,
  'actor_name' | 'target_name' | 'member_wom_id' | 'member_name' | 'member_names'
>;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / IN_LIST_CHUNK) }, (_, i) =>
    items.slice(i * IN_LIST_CHUNK, (i + 1) * IN_LIST_CHUNK),
  );

/** `select key, name from table where key in (keys)`, a chunk at a time, as a map. */
async function namesBy<K extends string | number>(
  keys: Iterable<K>,
  load: (chunk: K[]) => Promise<Array<{ key: K; name: string }>>,
): Promise<Map<K, string>> {
  const names = new Map<K, string>();
  for (const chunk of chunks([...new Set(keys)])) {
    for (const row of await load(chunk)) names.set(row.key, row.name);
  }
  return names;
}

/** The WOM id a claim code row names: revoked codes are deleted, so it is read from the row itself. */
const codeMember = (row: Row): string | null => {
  const womId = record(row.after).wom_id ?? record(row.before).wom_id;
  return typeof womId === 'string' ? womId : null;
};

/** The WOM ids a bulk row lists. */
function listedMembers(row: Row): string[] {
  if (MEMBER_KEYED_ACTIONS.includes(row.action))
    return [...Object.keys(record(row.before)), ...Object.keys(record(row.after))];
  if (row.action !== PLAYER_WATCH_IMPORT) return [];
  const after = record(row.after);
  return MEMBER_LISTS.flatMap((list) => {
    const ids = after[list];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  });
}

/**
 * Adds the names a person reads instead of ids: the actor's username, the target's name, and the
 * member the row concerns. Looked up now, so a member renamed since shows their current name; a
 * deleted member keeps theirs, and a deleted event its name from the row itself.
 */
async function withNames(db: Db, rows: Row[]): Promise<ListedAuditEntry[]> {
  // Only ids a serial column can hold: a row whose target id is not one names nothing to look up.
  const idsOf = (type: string) =>
    rows.flatMap((row) => {
      const id = row.target_type === type ? Number(row.target_id) : NaN;
      return Number.isInteger(id) && id > 0 && id <= MAX_SERIAL_ID ? [id] : [];
    });
  const requests = new Map<number, { user_id: number; wom_id: string }>();
  for (const chunk of chunks([...new Set(idsOf('claim_request'))])) {
    const found = await db
      .selectFrom('claim_requests')
      .select(['id', 'user_id', 'wom_id'])
      .where('id', 'in', chunk)
      .execute();
    for (const request of found) requests.set(request.id, request);
  }
  const memberOf = (row: Row): string | null => {
    if (row.target_type === 'member') return row.target_id;
    if (row.target_type === 'claim_code') return codeMember(row);
    if (row.target_type === 'claim_request') return requests.get(Number(row.target_id))?.wom_id ?? null;
    return null;
  };
  const requesterOf = (row: Row) => requests.get(Number(row.target_id))?.user_id;

  const userIds = [
    ...rows.flatMap((row) => (row.actor_user_id === null ? [] : [row.actor_user_id])),
    ...idsOf('user'),
    ...[...requests.values()].map((request) => request.user_id),
  ];
  const users = await namesBy(userIds, (chunk) =>
    db.selectFrom('users').select(['id as key', 'username as name']).where('id', 'in', chunk).execute(),
  );
  const members = await namesBy(
    rows.flatMap((row) => [memberOf(row) ?? [], listedMembers(row)].flat()),
    (chunk) =>
      db.selectFrom('members').select(['wom_id as key', 'name']).where('wom_id', 'in', chunk).execute(),
  );
  const events = await namesBy(idsOf('event'), (chunk) =>
    db.selectFrom('events').select(['id as key', 'name']).where('id', 'in', chunk).execute(),
  );
  const seasons = await namesBy(idsOf('season'), (chunk) =>
    db.selectFrom('seasons').select(['id as key', 'name']).where('id', 'in', chunk).execute(),
  );

  const targetName = (row: Row): string | null => {
    const id = Number(row.target_id);
    switch (row.target_type) {
      case 'member':
        return row.target_id === null ? null : (members.get(row.target_id) ?? null);
      case 'user':
        return users.get(id) ?? null;
      case 'claim_request': {
        const requester = requesterOf(row);
        return requester === undefined ? null : (users.get(requester) ?? null);
      }
      case 'event': {
        const stored = record(row.after).name ?? record(row.before).name;
        return events.get(id) ?? (typeof stored === 'string' ? stored : null);
      }
      case 'season':
        return seasons.get(id) ?? null;
      default:
        return null;
    }
  };

  return rows.map((row) => {
    const member = memberOf(row);
    return {
      ...row,
      actor_name: row.actor_user_id === null ? null : (users.get(row.actor_user_id) ?? null),
      target_name: targetName(row),
      member_wom_id: member,
      member_name: member === null ? null : (members.get(member) ?? null),
      member_names: Object.fromEntries(
        listedMembers(row).flatMap((womId) => {
          const name = members.get(womId);
          return name === undefined ? [] : [[womId, name]];
        }),
      ),
    };
  });
}

/**
 * A page of the log, newest first; `before` (an entry id) pages back from that entry. `actor`,
 * `action` and `member` keep only the rows of that account, that action, or about that member: the
 * member's own rows, claim codes and requests for the character, and bulk imports that list them.
 */
export async function listAuditEntries(db: Db, page: AuditQuery): Promise<ListedAuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(page.limit);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  if (page.actor !== undefined) query = query.where('actor_user_id', '=', page.actor);
  if (page.action !== undefined) query = query.where('action', '=', page.action);
  const womId = page.member;
  if (womId !== undefined) {
    // A WOM id is digits only (checked at the edge), so as a quoted JSON string it matches a whole
    // element of a list, on SQLite's compact JSON text and PostgreSQL's spaced one alike.
    const quoted = `%"${womId}"%`;
    const field = (column: 'before' | 'after', key: string) =>
      sql<string | null>`${sql.ref(column)} ->> ${key}`;
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'member'), eb('target_id', '=', womId)]),
        eb.and([
          eb('target_type', '=', 'claim_request'),
          eb(
            'target_id',
            'in',
            eb
              .selectFrom('claim_requests')
              .select(sql<string>`cast(id as text)`.as('id'))
              .where('wom_id', '=', womId),
          ),
        ]),
        eb.and([
          eb('target_type', '=', 'claim_code'),
          eb.or([eb(field('after', 'wom_id'), '=', womId), eb(field('before', 'wom_id'), '=', womId)]),
        ]),
        eb.and([
          eb('action', 'in', MEMBER_KEYED_ACTIONS),
          eb.or([eb(field('after', womId), 'is not', null), eb(field('before', womId), 'is not', null)]),
        ]),
        eb.and([
          eb('action', '=', PLAYER_WATCH_IMPORT),
          eb.or(MEMBER_LISTS.map((list) => eb(field('after', list), 'like', quoted))),
        ]),
      ]),
    );
  }
  const rows = await query.execute();
  return withNames(
    db,
    rows.map((row) => ({ ...row, before: readJson(row.before), after: readJson(row.after) })),
  );
}

/**
 * What the filters offer: the accounts that have acted (by their name now), the actions recorded, and
 * every member, deleted ones too, since the log keeps their rows.
 */
export async function listAuditFilters(db: Db): Promise<AuditFilters> {
  const actors = await db
    .selectFrom('users')
    .select(['id', 'username as name'])
    .where(
      'id',
      'in',
      db
        .selectFrom('audit_log')
        .select('actor_user_id')
        .where('actor_user_id', 'is not', null)
        .$narrowType<{ actor_user_id: number }>(),
    )
    .orderBy('username_key')
    .orderBy('username')
    .execute();
  const actions = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  const members = await db.selectFrom('members').select(['wom_id', 'name']).orderBy('name').execute();
  return { actors, actions: actions.map((row) => row.action), members };
}
