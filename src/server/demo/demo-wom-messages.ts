/** What demo mode's app and its WOM simulator process tell each other over their IPC channel. */
import type { RateLimit } from '#stand-ins/wom/index.ts';
import type { FromDemoProcess } from './demo-process-messages.ts';

/** The simulator's settings, passed as JSON in the process's only argument. */
export interface DemoWomSettings {
  seed: number;
  members: number;
  port: number;
  control: boolean;
  /** Always given, so the demo's WOM limits as configured whatever NODE_ENV the app runs under. */
  rateLimit: RateLimit;
}

/** Where the simulator listens, and what demo mode keeps of its generated clan. */
export interface DemoWomReady {
  url: string;
  origin: string;
  groupId: number;
  verificationCode: string;
  altIds: number[];
}

/** The app's one request, answered once the simulator's clock has moved to the app's offset. */
export interface ShiftClock {
  offsetMs: number;
}

export type FromDemoWom = FromDemoProcess<DemoWomReady, null>;
