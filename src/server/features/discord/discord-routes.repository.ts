import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DiscordKind } from '#core/discord/discord-kinds.ts';
import { NO_FILTERS, routeFiltersSchema, type RouteFilters } from '#core/discord/route-filters.ts';
import type { Database, DiscordRoutesTable } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A route as the server holds it, URL included: never sent to a browser as is. */
export interface StoredRoute {
  id: number;
  name: string;
  url: string;
  webhookId: string;
  kinds: DiscordKind[];
  filters: RouteFilters;
  enabled: boolean;
  disabledReason: string | null;
  lastDeliveryAt: string | null;
}

export interface RouteValues {
  name: string;
  url: string;
  webhookId: string;
  kinds: DiscordKind[];
  filters: RouteFilters;
  enabled: boolean;
}

function toRoute(row: Selectable<DiscordRoutesTable>): StoredRoute {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    webhookId: row.webhook_id,
    kinds: readJson<DiscordKind[]>(row.kinds) ?? [],
    filters: routeFiltersSchema.safeParse(readJson(row.filters)).data ?? NO_FILTERS,
    enabled: toBool(row.enabled),
    disabledReason: row.disabled_reason,
    lastDeliveryAt: row.last_delivery_at,
  };
}

export async function listRoutes(db: Db): Promise<StoredRoute[]> {
  const rows = await db.selectFrom('discord_routes').selectAll().orderBy('id').execute();
  return rows.map(toRoute);
}

export async function findRoute(db: Db, id: number): Promise<StoredRoute | null> {
  const row = await db.selectFrom('discord_routes').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRoute(row) : null;
}

export async function countRoutes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('discord_routes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The routes that post news now: enabled and not stopped by the site. */
export async function listActiveRoutes(db: Db): Promise<StoredRoute[]> {
  const rows = await db
    .selectFrom('discord_routes')
    .selectAll()
    .where('enabled', '=', true)
    .where('disabled_reason', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toRoute);
}

function columns(values: RouteValues) {
  return {
    name: values.name,
    url: values.url,
    webhook_id: values.webhookId,
    kinds: JSON.stringify(values.kinds),
    filters: JSON.stringify(values.filters),
    enabled: values.enabled,
  };
}

export async function insertRoute(db: Db, values: RouteValues, now: string): Promise<number> {
  const row = await db
    .insertInto('discord_routes')
    .values({ ...columns(values), disabled_reason: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saving a route clears a stop: the admin has looked at it (a new URL, or turned back on). */
export async function updateRoute(db: Db, id: number, values: RouteValues, now: string): Promise<void> {
  await db
    .updateTable('discord_routes')
    .set({ ...columns(values), disabled_reason: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteRoute(db: Db, id: number): Promise<void> {
  await db.deleteFrom('discord_live_messages').where('route_id', '=', id).execute();
  await db.deleteFrom('discord_deliveries').where('route_id', '=', id).execute();
  await db.deleteFrom('discord_routes').where('id', '=', id).execute();
}

export async function stopRoute(db: Db, id: number, reason: string, now: string): Promise<void> {
  await db
    .updateTable('discord_routes')
    .set({ disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function markRouteDelivered(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('discord_routes').set({ last_delivery_at: now }).where('id', '=', id).execute();
}
