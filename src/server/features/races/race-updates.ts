import type { Transaction } from 'kysely';
import { metricValue } from '#core/metrics/metric-value.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { announceRacesEnded, announceRacesWon } from './race-news.ts';
import { listRunningParticipantSnapshots, recordCurrentValue } from './races.repository.ts';

/**
 * Sets each running race's participant to its player's stored value and appends it to the
 * participant's history when it changed, telling Discord of a race whose first participant has just
 * reached their target; only the given players' participants when `womIds` is set.
 * A participant whose metric the snapshot lacks keeps its value: a missing value is never 0.
 */
export async function updateRunningParticipants(
  trx: Transaction<Database>,
  now: Date,
  womIds?: readonly string[],
): Promise<void> {
  const recordedAt = now.toISOString();
  let moved = false;
  const won = new Set<number>();
  for (const participant of await listRunningParticipantSnapshots(trx, now, womIds)) {
    const snapshot = readJson<PlayerSnapshot>(participant.snapshot);
    const value = snapshot ? metricValue(snapshot, participant.metric) : null;
    if (value === null || value === participant.current_value) continue;
    await recordCurrentValue(trx, participant.id, value, recordedAt);
    const target = participant.target_value;
    if (participant.current_value < target && value >= target) won.add(participant.race_id);
    moved = true;
  }
  await announceRacesWon(trx, won, now);
  if (moved) await bumpRevision(trx, 'races');
}

/**
 * Brings every running race's participants up to date from the stored snapshots, and tells Discord
 * of the races whose end has come; the WOM sync calls it in its transaction.
 */
export async function updateRacesFromSnapshots(trx: Transaction<Database>, now: Date): Promise<void> {
  await updateRunningParticipants(trx, now);
  await announceRacesEnded(trx, now);
}
