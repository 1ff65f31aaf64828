import type { Transaction } from 'kysely';
import { raceLeader, raceProgressPercent } from '#core/races/race-progress.ts';
import type { Database } from '../../db/schema.ts';
import { announce, markNewsOnce } from '../discord/discord-outbox.ts';
import {
  findVisibleRace,
  listParticipants,
  listRacesEndedBetween,
  type ParticipantRow,
} from './races.repository.ts';

/**
 * How far back the sync looks for races whose end date has passed: a race that ended longer ago is
 * old news (and the first sync after an upgrade does not announce every race ever run).
 */
const ENDED_RACE_NEWS_MS = 24 * 60 * 60 * 1000;

const reachedTarget = (participant: ParticipantRow) => participant.current_value >= participant.target_value;

/**
 * Tells Discord a race finished, once per race whatever finishes it: a public race only, named by
 * the participants everyone may see, its winner the leader among those `eligible` (null when none
 * of them moved). A private race is marked too, so making it public later does not announce it.
 */
async function announceFinish(
  trx: Transaction<Database>,
  raceId: number,
  now: Date,
  eligible: (participant: ParticipantRow) => boolean,
): Promise<void> {
  if (!(await markNewsOnce(trx, `race_finished:${raceId}`, now))) return;
  const race = await findVisibleRace(trx, raceId, null);
  if (!race) return;
  const participants = await listParticipants(trx, [raceId], null);
  const winner = raceLeader(
    participants.filter(eligible).map((p) => ({ ...p, progress_percent: raceProgressPercent(p) })),
  );
  await announce(
    trx,
    {
      kind: 'race_finished',
      race_id: race.id,
      title: race.title,
      winner: winner ? { wom_id: winner.wom_id, name: winner.player_name } : null,
    },
    now,
  );
}

/** The races in which a participant has just reached their target: the first to do so wins. */
export async function announceRacesWon(
  trx: Transaction<Database>,
  raceIds: ReadonlySet<number>,
  now: Date,
): Promise<void> {
  for (const raceId of raceIds) await announceFinish(trx, raceId, now, reachedTarget);
}

/** The races whose end date has passed since the last day: the leader at the end wins. */
export async function announceRacesEnded(trx: Transaction<Database>, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ENDED_RACE_NEWS_MS);
  for (const race of await listRacesEndedBetween(trx, since, now)) {
    await announceFinish(trx, race.id, now, () => true);
  }
}
