/** What demo mode's app and its WOM simulator process tell each other over their IPC channel. */
import type { RateLimit } from '#stand-ins/wom/index.ts';

/** The simulator's settings, passed as JSON in the process's only argument. */
export interface DemoWomSettings {
  seed: number;
  members: number;
  port: number;
  control: boolean;
  /** Always given, so the demo's WOM limits as configured whatever NODE_ENV the app runs under. */
  rateLimit: RateLimit;
}

export type ToDemoWom = { type: 'shift-clock'; offsetMs: number };

export type FromDemoWom =
  | {
      type: 'ready';
      url: string;
      origin: string;
      groupId: number;
      verificationCode: string;
      altIds: number[];
    }
  | { type: 'failed'; message: string }
  | { type: 'clock-shifted'; offsetMs: number };
