import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedule } from '../lib/idle.ts';
import { prefetchStages } from './prefetch.ts';

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
