import type { Kysely, Transaction } from 'kysely';
import { baselineFromFirstMeasurement } from '#core/members/baseline.ts';
import { wholeEhb, type MemberPatch } from '#core/members/roster-sync.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { combatLevelOf } from '../wom-sync/wom-payloads.ts';
import { upsertMemberStats } from '../wom-sync/wom-sync.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A player's stats as stored in `member_stats`: WOM's snapshot as JSON ('null' for none). */
export interface StatsRow {
  wom_id: string;
  snapshot: string;
  snapshot_at: string | null;
  fetched_at: string;
}

/** The member's headline numbers in a snapshot: what the character card, the roster and a player's page show. */
export interface SnapshotHeadline {
  current_xp: number;
  current_lvl: number;
  combat_level: number;
  /** Null when the snapshot has no computed EHB. */
  ehb: number | null;
}

/**
 * The headline numbers of a snapshot, computed as the clan sync computes them from WOM's group
 * (unranked overall as 0 XP, EHB floored); null without an overall skill to take them from.
 */
export function headlineOf(snapshot: PlayerSnapshot): SnapshotHeadline | null {
  const overall = snapshot.data.skills.overall;
  if (!overall) return null;
  const ehb = snapshot.data.computed.ehb;
  return {
    current_xp: Math.max(0, overall.experience),
    current_lvl: overall.level,
    combat_level: combatLevelOf(snapshot),
    ehb: ehb ? wholeEhb(ehb.value) : null,
  };
}

/**
 * Sets the member's row to the headline of their stored snapshot, and their baseline when this is
 * WOM's first measurement of them, so the card and the roster show what the goals are measured
 * from. Bumps the members revision only when a value moved, in the caller's transaction.
 */
export async function alignMemberWithSnapshot(db: Db, stats: StatsRow, now: Date): Promise<void> {
  const snapshot = readJson<PlayerSnapshot>(stats.snapshot);
  const headline = snapshot && headlineOf(snapshot);
  if (!headline) return;
  const stored = await db
    .selectFrom('members')
    .select(['current_xp', 'current_lvl', 'first_xp', 'first_lvl', 'combat_level', 'ehb'])
    .where('wom_id', '=', stats.wom_id)
    .executeTakeFirst();
  if (!stored) return;
  const patch: MemberPatch = baselineFromFirstMeasurement(stored, headline);
  if (stored.current_xp !== headline.current_xp) patch.current_xp = headline.current_xp;
  if (stored.current_lvl !== headline.current_lvl) patch.current_lvl = headline.current_lvl;
  if (stored.combat_level !== headline.combat_level) patch.combat_level = headline.combat_level;
  if (headline.ehb !== null && stored.ehb !== headline.ehb) patch.ehb = headline.ehb;
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('members')
    .set({ ...patch, updated_at: now.toISOString() })
    .where('wom_id', '=', stats.wom_id)
    .execute();
  await bumpRevision(db, 'members');
}

/** Stores a player's stats fetched from WOM and aligns their member row with them. */
export async function storePlayerStats(db: Db, stats: StatsRow, now: Date): Promise<void> {
  await upsertMemberStats(db, stats);
  await alignMemberWithSnapshot(db, stats, now);
}
