import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What accounts add: one-time password reset links an admin makes for a user (only the token's hash
 * is kept, like sessions), and an index to list a member's claim codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_resets_user_id_idx')
    .on('password_resets')
    .column('user_id')
    .execute();
  await db.schema.createIndex('claim_codes_wom_id_idx').on('claim_codes').column('wom_id').execute();
  await db.schema.createIndex('claim_requests_user_id_idx').on('claim_requests').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('claim_requests_user_id_idx').execute();
  await db.schema.dropIndex('claim_codes_wom_id_idx').execute();
  await db.schema.dropTable('password_resets').execute();
}
