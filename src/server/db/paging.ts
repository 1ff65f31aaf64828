import { sql, type RawBuilder } from 'kysely';
import type { PageCursor } from '#core/http/paging.ts';

/**
 * Rows of `table` that come after the cursor in newest-first order (`created_at desc, id desc`):
 * a keyset, so a page costs the same however deep it is and rows added meanwhile shift nothing.
 */
export function afterCursor(table: 'races' | 'user_goals', cursor: PageCursor): RawBuilder<boolean> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<boolean>`(${createdAt} < ${cursor.createdAt} or (${createdAt} = ${cursor.createdAt} and ${id} < ${cursor.id}))`;
}
