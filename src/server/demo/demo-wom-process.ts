/**
 * Demo mode's WOM simulator as a process of its own (dist/server/demo/demo-wom-process.js), so the
 * generated clan does not count in the app's memory. Started by `startDemoWom`; follows the app's
 * clock offset while the first start replays history.
 */
import { startSimulator } from '#stand-ins/wom/index.ts';
import { runDemoProcess } from './demo-process-child.ts';
import type { DemoWomReady, DemoWomSettings, ShiftClock } from './demo-wom-messages.ts';
import { ShiftableClock } from './shiftable-clock.ts';

runDemoProcess<DemoWomSettings, DemoWomReady, ShiftClock, null>('demo-wom-process', async (settings) => {
  const clock = new ShiftableClock();
  const simulator = await startSimulator({ ...settings, clock });
  const { url, origin, groupId, verificationCode } = simulator;
  return {
    ready: { url, origin, groupId, verificationCode, altIds: simulator.altIds() },
    answer: ({ offsetMs }) => {
      clock.offsetMs = offsetMs;
      return null;
    },
    close: () => simulator.close(),
  };
});
