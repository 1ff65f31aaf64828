import type { SimulatorFaults } from '../../src/stand-ins/wom/index.ts';

type Weather = Pick<SimulatorFaults, 'latencyMs' | 'errorRate' | 'down'>;

const CALM: Weather = { latencyMs: 0, errorRate: 0, down: false };

/** WOM's turns, one per period, round and round: fine, slow, failing, gone, and slow and failing. */
export const WEATHER: ReadonlyArray<{ name: string; faults: Weather }> = [
  { name: 'calm', faults: CALM },
  { name: 'slow (1.5 s a request)', faults: { ...CALM, latencyMs: 1500 } },
  { name: 'failing (half of requests 500)', faults: { ...CALM, errorRate: 0.5 } },
  { name: 'calm', faults: CALM },
  { name: 'down (503 page for all)', faults: { ...CALM, down: true } },
  { name: 'slow and failing (0.8 s, 30 % 500)', faults: { latencyMs: 800, errorRate: 0.3, down: false } },
];

async function setWeather(simulatorOrigin: string, faults: Weather): Promise<void> {
  const response = await fetch(`${simulatorOrigin}/__control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`the simulator refused its faults: ${response.status}`);
}

/**
 * Turns the demo's WOM simulator (over its control routes) through WEATHER, `periodMs` per turn,
 * until `endsAt` (a performance.now() time); leaves it calm.
 */
export async function changeWeather(
  simulatorOrigin: string,
  periodMs: number,
  endsAt: number,
): Promise<void> {
  for (let turn = 0; performance.now() < endsAt; turn += 1) {
    await setWeather(simulatorOrigin, (WEATHER[turn % WEATHER.length] as (typeof WEATHER)[number]).faults);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Math.min(periodMs, endsAt - performance.now()))),
    );
  }
  await setWeather(simulatorOrigin, CALM);
}
