import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUtcToday, utcDateOf } from './use-utc-today.ts';

describe('utcDateOf', () => {
  it('is the UTC date, not the local one', () => {
    expect(utcDateOf(new Date('2026-03-14T23:30:00-05:00'))).toBe('2026-03-15');
    expect(utcDateOf(new Date('2026-03-15T00:30:00+02:00'))).toBe('2026-03-14');
  });
});

describe('useUtcToday', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rolls over at each UTC midnight, not before', () => {
    vi.setSystemTime(new Date('2026-03-13T23:59:00.000Z'));
    const { result, unmount } = renderHook(() => useUtcToday());
    expect(result.current).toBe('2026-03-13');

    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(result.current).toBe('2026-03-13');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('2026-03-14');

    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60 * 1000 - 1);
    });
    expect(result.current).toBe('2026-03-14');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('2026-03-15');

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('catches up when its timer fires late, as after the computer slept', () => {
    vi.setSystemTime(new Date('2026-03-13T12:00:00.000Z'));
    const { result } = renderHook(() => useUtcToday());
    // The clock jumps two days while no timer runs, then the pending timer fires.
    vi.setSystemTime(new Date('2026-03-15T12:00:00.000Z'));
    act(() => {
      vi.advanceTimersByTime(12 * 60 * 60 * 1000);
    });
    expect(result.current).toBe('2026-03-16');
  });
});
