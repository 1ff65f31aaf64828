import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The whole data model of DESIGN §5.3 in one step, so later features only add behaviour.
 * Frozen once released: change the schema with a new dated migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const no = sql`false`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.id)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('supabase_auth_id', 'text', (c) => c.unique())
    .addColumn('join_date', t.date)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', t.id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', t.id)
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', t.json)
    .addColumn('after', t.json)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();

  await db.schema
    .createTable('members')
    .addColumn('wom_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('wom_name', 'text')
    .addColumn('womrole', 'text')
    .addColumn('wom_role_synced', 'text')
    .addColumn('title', 'text')
    .addColumn('current_lvl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_xp', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('first_lvl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_xp', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('combat_level', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('ehb', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('siege_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('join_date', t.date)
    .addColumn('alt', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('build', 'text')
    .addColumn('ironman_type', 'text')
    .addColumn('wom_account_type', 'text')
    .addColumn('hidden', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('not_in_wom', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('runewatch_flagged', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('runewatch_reported', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('runewatch_reported_at', t.timestamp)
    .addColumn('runewatch_case', t.json)
    .addColumn('runewatch_whitelisted', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('runewatch_whitelist_reason', 'text')
    .addColumn('runewatch_whitelisted_at', t.timestamp)
    .addColumn('runewatch_whitelisted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('left_at', t.timestamp)
    .addColumn('deleted_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_name_idx').on('members').column('name').execute();

  await db.schema
    .createTable('seasons')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_open', t.boolean, (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('ended_at', t.timestamp)
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // At most one season is open at a time.
  await db.schema
    .createIndex('seasons_one_open_idx')
    .on('seasons')
    .column('is_open')
    .unique()
    .where(sql.ref('is_open'), '=', sql`true`)
    .execute();
  // Points are always booked to the open season, so the site starts with one.
  await db
    .insertInto('seasons' as never)
    .values({ name: 'Season 1', is_open: true, started_at: new Date().toISOString() })
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('metric', 'text')
    .addColumn('description', 'text')
    .addColumn('start_date', t.timestamp)
    .addColumn('end_date', t.timestamp)
    .addColumn('wom_id', 'text', (c) => c.unique())
    .addColumn('winner_username', 'text')
    .addColumn('points_awarded_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_start_date_idx').on('events').column('start_date').execute();

  await db.schema
    .createTable('event_results')
    .addColumn('id', 'integer', t.id)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('member_wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('placement', 'integer', (c) => c.notNull())
    .addColumn('gained', t.bigint, (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    // Won the event outright: the highest gain of all participants, clan members or not.
    .addColumn('won', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('event_results_event_member_key', ['event_id', 'member_wom_id'])
    .execute();

  await db.schema
    .createTable('points')
    .addColumn('id', 'integer', t.id)
    .addColumn('member_wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('points_member_season_idx')
    .on('points')
    .columns(['member_wom_id', 'season_id'])
    .execute();
  // An event pays each member once, however often the award job runs.
  await db.schema
    .createIndex('points_event_member_key')
    .on('points')
    .columns(['event_id', 'member_wom_id'])
    .unique()
    .where(sql.ref('event_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('claim_codes')
    .addColumn('id', 'integer', t.id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('is_claimed', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('expires_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('player_claims')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One owner per character.
    .addColumn('wom_id', 'text', (c) => c.notNull().unique().references('members.wom_id'))
    .addColumn('claimed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('player_claims_user_id_idx').on('player_claims').column('user_id').execute();

  await db.schema
    .createTable('claim_requests')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('rsn', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'denied')`))
    .addColumn('admin_notes', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A user has at most one open request per character.
  await db.schema
    .createIndex('claim_requests_one_pending_key')
    .on('claim_requests')
    .columns(['user_id', 'wom_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('user_goals')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('goal_type', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('target_value', t.bigint, (c) => c.notNull())
    .addColumn('start_value', t.bigint, (c) => c.notNull())
    .addColumn('current_value', t.bigint, (c) => c.notNull())
    .addColumn('start_date', t.timestamp, (c) => c.notNull())
    .addColumn('target_date', t.date)
    .addColumn('completed', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('completed_date', t.timestamp)
    .addColumn('public', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_goals_user_id_idx').on('user_goals').column('user_id').execute();

  await db.schema
    .createTable('races')
    .addColumn('id', 'integer', t.id)
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('public', t.boolean, (c) => c.notNull().defaultTo(no))
    .addColumn('end_date', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('race_participants')
    .addColumn('id', 'integer', t.id)
    .addColumn('race_id', 'integer', (c) => c.notNull().references('races.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('start_value', t.bigint, (c) => c.notNull())
    .addColumn('current_value', t.bigint, (c) => c.notNull())
    .addColumn('target_value', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('race_participants_race_id_idx')
    .on('race_participants')
    .column('race_id')
    .execute();

  await db.schema
    .createTable('member_stats')
    .addColumn('wom_id', 'text', (c) => c.primaryKey().references('members.wom_id').onDelete('cascade'))
    .addColumn('snapshot', t.json, (c) => c.notNull())
    .addColumn('snapshot_at', t.timestamp)
    .addColumn('fetched_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wom_cache')
    .addColumn('resource', 'text', (c) => c.primaryKey())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('fetched_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('achievements')
    .addColumn('id', 'integer', t.id)
    .addColumn('player_wom_id', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('threshold', t.bigint, (c) => c.notNull())
    .addColumn('achieved_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('achievements_player_metric_threshold_key', ['player_wom_id', 'metric', 'threshold'])
    .execute();
  await db.schema
    .createIndex('achievements_achieved_at_idx')
    .on('achievements')
    .column('achieved_at')
    .execute();

  await db.schema
    .createTable('player_watch_cases')
    .addColumn('id', 'integer', t.id)
    .addColumn('accused_rsn', 'text', (c) => c.notNull())
    .addColumn('normalised_rsn', 'text', (c) => c.notNull())
    .addColumn('published_date', t.timestamp)
    .addColumn('reason', 'text')
    .addColumn('evidence_rating', 'text')
    .addColumn('quick_find', 'text')
    .addColumn('source', 'text')
    .addColumn('first_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('removed_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('player_watch_cases_rsn_idx')
    .on('player_watch_cases')
    .column('normalised_rsn')
    .execute();

  await db.schema
    .createTable('sync_runs')
    .addColumn('id', 'integer', t.id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('running', 'succeeded', 'failed')`),
    )
    .addColumn('stage', 'text')
    .addColumn('error', 'text')
    .addColumn('wom_requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counts', t.json)
    .addColumn('triggered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('sync_runs_kind_started_idx')
    .on('sync_runs')
    .columns(['kind', 'started_at'])
    .execute();

  // Bumped by every write to a data set, so instances can cache what they serve and still see
  // each other's changes with one tiny read.
  await db.schema
    .createTable('data_revisions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('acquired_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'job_leases',
    'data_revisions',
    'sync_runs',
    'player_watch_cases',
    'achievements',
    'wom_cache',
    'member_stats',
    'race_participants',
    'races',
    'user_goals',
    'claim_requests',
    'player_claims',
    'claim_codes',
    'points',
    'event_results',
    'events',
    'seasons',
    'members',
    'audit_log',
    'sessions',
    'users',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
