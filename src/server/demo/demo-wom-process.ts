/**
 * Demo mode's WOM simulator as a process of its own (dist/server/demo/demo-wom-process.js), so the
 * generated clan does not count in the app's memory. Started by `startDemoWom` with its settings as
 * JSON; answers over IPC where it listens, and follows the app's clock offset while the first start
 * replays history. The app decides when it ends: SIGTERM from its shutdown, or its IPC channel
 * closing when the app dies.
 */
import { startSimulator } from '#stand-ins/wom/index.ts';
import type { DemoWomSettings, FromDemoWom, ToDemoWom } from './demo-wom-messages.ts';
import { ShiftableClock } from './shiftable-clock.ts';

function tell(message: FromDemoWom, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

async function main(): Promise<void> {
  if (!process.send) {
    process.stderr.write('demo-wom-process is started by the app in demo mode, over IPC\n');
    process.exit(1);
  }
  const settings = JSON.parse(process.argv[2] ?? '{}') as DemoWomSettings;
  const clock = new ShiftableClock();
  // Ctrl-C reaches the whole process group; the app stops this process itself, once its jobs are done with it.
  process.on('SIGINT', () => {});
  process.once('disconnect', () => process.exit());
  try {
    const simulator = await startSimulator({ ...settings, clock });
    process.on('message', (message: ToDemoWom) => {
      clock.offsetMs = message.offsetMs;
      tell({ type: 'clock-shifted', offsetMs: message.offsetMs });
    });
    process.once('SIGTERM', () => {
      simulator.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    const { url, origin, groupId, verificationCode } = simulator;
    tell({ type: 'ready', url, origin, groupId, verificationCode, altIds: simulator.altIds() });
  } catch (error) {
    tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, () =>
      process.exit(1),
    );
  }
}

void main();
