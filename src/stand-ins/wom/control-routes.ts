import type { SimulatorFaults } from './faults.ts';
import { jsonReply, type Reply } from './replies.ts';

/** What the control routes may do to a running simulator. */
export interface SimulatorControls {
  gainExperience(playerId: number, skill: string, xp: number): void;
  setFaults(faults: Partial<SimulatorFaults>): void;
  resetFaults(): void;
}

export const CONTROL_PREFIX = '/__control';

const FAULT_FIELDS = {
  latencyMs: 'number',
  errorRate: 'number',
  down: 'boolean',
  hiscoresDown: 'boolean',
} as const satisfies Record<keyof SimulatorFaults, 'number' | 'boolean'>;

const done = (): Reply => jsonReply(200, { ok: true });
const refused = (message: string): Reply => jsonReply(400, { message });

function faultsFrom(body: Record<string, unknown>): Partial<SimulatorFaults> | null {
  const faults: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const type = FAULT_FIELDS[key as keyof SimulatorFaults] as string | undefined;
    if (type === undefined || typeof value !== type) return null;
    faults[key] = value;
  }
  return faults;
}

/**
 * The test knobs over HTTP, for a simulator the journeys or the soak reach only over the network (demo
 * mode runs it in a process of its own): a player gains XP, WOM turns slow or failing, and back.
 * Served only when the simulator is started with `control: true`; never part of WOM's API.
 */
export function controlReply(
  controls: SimulatorControls,
  method: string,
  path: string,
  body: Record<string, unknown>,
): Reply {
  if (method !== 'POST') return refused('Control routes take POST');
  try {
    switch (path) {
      case `${CONTROL_PREFIX}/gain-experience`: {
        const { playerId, skill, xp } = body;
        if (typeof playerId !== 'number' || typeof skill !== 'string' || typeof xp !== 'number')
          return refused('Send {playerId, skill, xp}');
        controls.gainExperience(playerId, skill, xp);
        return done();
      }
      case `${CONTROL_PREFIX}/faults`: {
        const faults = faultsFrom(body);
        if (faults === null) return refused(`Send any of ${Object.keys(FAULT_FIELDS).join(', ')}`);
        controls.setFaults(faults);
        return done();
      }
      case `${CONTROL_PREFIX}/faults/reset`:
        controls.resetFaults();
        return done();
      default:
        return jsonReply(404, { message: 'No such control route' });
    }
  } catch (error) {
    if (error instanceof RangeError) return refused(error.message);
    throw error;
  }
}
