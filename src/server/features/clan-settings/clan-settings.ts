import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_WELCOME_MARKDOWN,
  clanProfileSettingsSchema,
  type ClanProfileSettings,
} from '#core/clan/clan-profile.schema.ts';
import { DEFAULT_LADDER, DEFAULT_POINTS, DEFAULT_PROFILE } from '#core/clan/default-rules.ts';
import {
  clanPointsSchema,
  rankLadderSchema,
  type ClanPoints,
  type RankLadder,
} from '#core/clan/rank-ladder.schema.ts';
import type { LadderContext } from '#core/clan/rank-ladder.ts';
import type { Config } from '../../config.ts';
import { bumpRevision, cacheByRevision, type CachedByRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The rows of `clan_settings`: one JSON value per group the dashboard edits. */
export const SETTING_KEYS = {
  ladder: 'rank_ladder',
  points: 'points',
  profile: 'profile',
  womVerificationCode: 'wom_verification_code',
  /** The Discord application (issue 32); its secrets never leave the server. */
  discordApp: 'discord_app',
  /** Each rank role key's Discord role id. */
  discordRankRoles: 'discord_rank_roles',
  /** Why role changes stopped (Discord refused the bot: 401, 403), until an admin resumes them. */
  discordRolesStopped: 'discord_roles_stopped',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The clan's own rules as every part of the site reads them (issue 30). */
export interface ClanRules {
  ladder: RankLadder;
  points: ClanPoints;
  profile: ClanProfileSettings;
  /** Whether WOM's group verification code is stored; the code itself never leaves the server. */
  womVerificationCodeSet: boolean;
}

/** The profile a fresh database starts from: the environment's CLAN_* values and the default welcome. */
export function seedProfile(clan: Config['clan']): ClanProfileSettings {
  return {
    name: clan.name,
    founded: clan.founded,
    home_world: clan.homeWorld,
    discord_url: clan.discordUrl,
    requirements: clan.requirements,
    welcome_markdown: DEFAULT_WELCOME_MARKDOWN,
  };
}

/**
 * Stores the settings a database does not have yet: the spec's ladder and points and the environment's
 * profile. A row already there is the dashboard's and stays, whatever the environment says now.
 */
export async function seedClanSettings(db: Kysely<Database>, clan: Config['clan'], now: Date): Promise<void> {
  const at = now.toISOString();
  const seeds: Array<[SettingKey, unknown]> = [
    [SETTING_KEYS.ladder, DEFAULT_LADDER],
    [SETTING_KEYS.points, DEFAULT_POINTS],
    [SETTING_KEYS.profile, seedProfile(clan)],
  ];
  await db
    .insertInto('clan_settings')
    .values(seeds.map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: at })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Demo mode's simulated group has a known verification code: stored when none is, so the demo can
 * create competitions offline. A code an admin stored stays.
 */
export async function seedWomVerificationCode(db: Kysely<Database>, code: string, now: Date): Promise<void> {
  await db
    .insertInto('clan_settings')
    .values({
      key: SETTING_KEYS.womVerificationCode,
      value: JSON.stringify(code),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** A stored value read with its schema; one that no longer reads (a hand edit, an old shape) is the default. */
function parsed<S extends z.ZodType>(
  schema: S,
  text: string | undefined,
  fallback: z.output<S>,
): z.output<S> {
  if (text === undefined) return fallback;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

/** Reads every setting now, inside a transaction when given one (so it sees the transaction's writes). */
export async function readClanRules(db: Db): Promise<ClanRules> {
  const rows = await db.selectFrom('clan_settings').select(['key', 'value']).execute();
  const text = new Map(rows.map((row) => [row.key, row.value]));
  return {
    ladder: parsed(rankLadderSchema, text.get(SETTING_KEYS.ladder), DEFAULT_LADDER),
    points: parsed(clanPointsSchema, text.get(SETTING_KEYS.points), DEFAULT_POINTS),
    profile: parsed(clanProfileSettingsSchema, text.get(SETTING_KEYS.profile), DEFAULT_PROFILE),
    womVerificationCodeSet: (text.get(SETTING_KEYS.womVerificationCode) ?? 'null') !== 'null',
  };
}

/** One setting's stored JSON, or undefined when it is missing or no longer reads as JSON. */
export async function readSetting(db: Db, key: SettingKey): Promise<unknown> {
  const row = await db.selectFrom('clan_settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

/** The WOM group's verification code, for the one call that sends it to Wise Old Man. */
export async function readWomVerificationCode(db: Db): Promise<string | null> {
  const value = await readSetting(db, SETTING_KEYS.womVerificationCode);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Saves one setting in the caller's transaction and moves the revision every cached read keys on. */
export async function saveSetting(
  trx: Transaction<Database>,
  key: SettingKey,
  value: unknown,
  now: Date,
): Promise<void> {
  const row = { key, value: JSON.stringify(value ?? null), updated_at: now.toISOString() };
  await trx
    .insertInto('clan_settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
  await bumpRevision(trx, 'settings');
}

/** The ladder and the time to rank members at, as every read of members ranks them. */
export async function ladderContext(db: Kysely<Database>, now: Date): Promise<LadderContext> {
  return { ladder: (await clanRules(db)).ladder, now };
}

const cached = new WeakMap<Kysely<Database>, CachedByRevision<ClanRules>>();

/**
 * The one way the site reads the clan's rules outside a transaction: built once per data revision,
 * so a save on any instance (which moves the revision, heard on PostgreSQL by every instance's
 * listener) is seen by the next read everywhere, and reads in between cost nothing.
 */
export function clanRules(db: Kysely<Database>): Promise<ClanRules> {
  let read = cached.get(db);
  if (!read) {
    read = cacheByRevision(db, () => readClanRules(db));
    cached.set(db, read);
  }
  return read();
}
