import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedule } from '../lib/idle.ts';
import { iconPreloadSteps, prefetchStages } from './prefetch.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('prefetchStages', () => {
  it('prefetches the group first, then stats and members, then events and achievements, then competitions', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const fetched: string[] = [];
    vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (options) => {
      fetched.push(JSON.stringify(options.queryKey));
    });
    schedule(prefetchStages(queryClient));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual(['["wom-group"]']);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched.slice(1)).toEqual(['["wom-group-stats"]', '["members"]']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetched.slice(3)).toEqual(['["events"]', '["wom-group-achievements",10]']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetched.slice(5)).toEqual(['["wom-competitions"]']);
  });
});

describe('iconPreloadSteps', () => {
  it('preloads the 21 spec icons from the icon base URL, 75 ms apart after a 1 s delay', () => {
    const steps = iconPreloadSteps('https://icons.example/m');
    expect(steps).toHaveLength(21);
    expect(steps[0]!.afterMs).toBe(1000);
    expect(steps[1]!.afterMs - steps[0]!.afterMs).toBe(75);
  });

  it('logs a failed icon as an error and carries on', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const created: Array<{ src: string; onerror: (() => void) | null }> = [];
    vi.stubGlobal(
      'Image',
      class {
        onerror: (() => void) | null = null;
        src = '';
        constructor() {
          created.push(this);
        }
      },
    );
    const steps = iconPreloadSteps('https://icons.example/m');
    steps[0]!.run();
    steps[1]!.run();
    expect(created.map((image) => image.src)).toEqual([
      'https://icons.example/m/vorkath.png',
      'https://icons.example/m/zulrah.png',
    ]);
    created[0]!.onerror?.();
    expect(errors).toHaveBeenCalledWith('Failed to preload icon https://icons.example/m/vorkath.png');
    vi.unstubAllGlobals();
  });
});
