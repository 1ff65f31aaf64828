import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now.ts';

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts at the current time and moves on every minute', () => {
    const { result, unmount } = renderHook(() => useNow());
    expect(result.current.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(result.current.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toISOString()).toBe('2026-11-21T12:01:00.000Z');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
