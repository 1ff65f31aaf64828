import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverEnv } from '../../scripts/server-process.mjs';

/**
 * What a Node process started with `env` reports of its heap: the old generation's limit, and the
 * young generation's size after a burst of short-lived objects (which grows it to its maximum).
 */
function heapOf(env: NodeJS.ProcessEnv): { limitMb: number; youngMb: number; arenas: string | null } {
  const script = `
    const v8 = require('node:v8');
    let kept = [];
    for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 2e5) kept = []; }
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    process.stdout.write(JSON.stringify({
      limitMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20,
      youngMb: young.space_size / 2 ** 20,
      arenas: process.env.MALLOC_ARENA_MAX ?? null,
    }));`;
  const result = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { limitMb: number; youngMb: number; arenas: string | null };
}

const bareEnv = { PATH: process.env.PATH ?? '' };

describe('the production server process', () => {
  it('starts with a small young generation, a bounded old generation and two malloc arenas', () => {
    const heap = heapOf(serverEnv(bareEnv));
    expect(heap.youngMb).toBeLessThanOrEqual(2);
    expect(heap.limitMb).toBeLessThan(600);
    expect(heap.arenas).toBe('2');
  });

  it('differs from what Node chooses on its own, so the settings are what bounds it', () => {
    const heap = heapOf(bareEnv);
    expect(heap.youngMb).toBeGreaterThan(2);
    expect(heap.limitMb).toBeGreaterThan(600);
  });

  it("keeps an operator's own NODE_OPTIONS and MALLOC_ARENA_MAX over the defaults", () => {
    const heap = heapOf(
      serverEnv({ ...bareEnv, NODE_OPTIONS: '--max-old-space-size=1024', MALLOC_ARENA_MAX: '4' }),
    );
    expect(heap.limitMb).toBeGreaterThan(1000);
    expect(heap.limitMb).toBeLessThan(1100);
    expect(heap.youngMb).toBeLessThanOrEqual(2);
    expect(heap.arenas).toBe('4');
  });
});
