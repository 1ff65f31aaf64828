import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';
import { unrankedAsZero } from '../wom/unranked.ts';

/** A member's totals as one stored snapshot gave them: one point of their history. */
export interface SnapshotPoint {
  /** The UTC day of the snapshot: the history keeps each day's latest snapshot only. */
  day: string;
  snapshot_at: string;
  exp: number;
  ehb: number;
  ehp: number;
}

/** The history point of a snapshot: overall XP (unranked as 0) and the computed EHB and EHP. */
export function snapshotPoint(snapshot: PlayerSnapshot): SnapshotPoint {
  const { skills, computed } = snapshot.data;
  const at = new Date(snapshot.createdAt).toISOString();
  return {
    day: at.slice(0, 10),
    snapshot_at: at,
    exp: unrankedAsZero(skills.overall?.experience ?? 0),
    ehb: Math.max(0, computed.ehb?.value ?? 0),
    ehp: Math.max(0, computed.ehp?.value ?? 0),
  };
}
