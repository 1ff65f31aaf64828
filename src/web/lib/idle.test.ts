import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schedule, scheduleWhenIdle, whenIdle } from './idle.ts';

/**
 * jsdom has no idle callbacks. This stand-in behaves like a browser that never becomes idle, so the
 * callback runs only when its timeout forces it.
 */
function installIdleCallbacks() {
  const requestIdleCallback = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
    window.setTimeout(
      () => callback({ didTimeout: true, timeRemaining: () => 0 }),
      options?.timeout ?? Number.POSITIVE_INFINITY,
    ),
  );
  const cancelIdleCallback = vi.fn((handle: number) => window.clearTimeout(handle));
  vi.stubGlobal('requestIdleCallback', requestIdleCallback);
  vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
  return { requestIdleCallback, cancelIdleCallback };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle callback with the given timeout', () => {
    const { requestIdleCallback } = installIdleCallbacks();
    const task = vi.fn();
    whenIdle(task, 2000);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 2000 });

    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancels the idle callback it asked for', () => {
    const { requestIdleCallback, cancelIdleCallback } = installIdleCallbacks();
    const task = vi.fn();
    const cancel = whenIdle(task, 2000);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(requestIdleCallback.mock.results[0]?.value);
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });

  it('runs the task after 1 s where idle callbacks are not supported, whatever the timeout', () => {
    expect(window.requestIdleCallback).toBeUndefined();
    const task = vi.fn();
    whenIdle(task, 4000);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancels the 1 s fallback', () => {
    const task = vi.fn();
    const cancel = whenIdle(task, 2000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(task).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('schedule', () => {
  it('runs each step after its own delay and cancels the steps not yet run', () => {
    const ran: string[] = [];
    const cancel = schedule([
      { afterMs: 0, run: () => ran.push('first') },
      { afterMs: 500, run: () => ran.push('second') },
      { afterMs: 1500, run: () => ran.push('third') },
    ]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['first']);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['first', 'second']);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(ran).toEqual(['first', 'second']);
  });
});

describe('scheduleWhenIdle', () => {
  it('counts the step delays from the moment the browser is idle', () => {
    installIdleCallbacks();
    const ran: number[] = [];
    scheduleWhenIdle(2000, [
      { afterMs: 100, run: () => ran.push(Date.now()) },
      { afterMs: 500, run: () => ran.push(Date.now()) },
    ]);
    const start = Date.now();
    vi.advanceTimersByTime(3000);
    expect(ran.map((time) => time - start)).toEqual([2100, 2500]);
  });

  it('starts the steps 1 s after loading where idle callbacks are not supported', () => {
    const ran: number[] = [];
    const start = Date.now();
    scheduleWhenIdle(4000, [{ afterMs: 75, run: () => ran.push(Date.now() - start) }]);
    vi.advanceTimersByTime(2000);
    expect(ran).toEqual([1075]);
  });

  it('cancels before the browser is idle and between steps', () => {
    installIdleCallbacks();
    const early = vi.fn();
    scheduleWhenIdle(2000, [{ afterMs: 0, run: early }])();
    vi.advanceTimersByTime(5000);
    expect(early).not.toHaveBeenCalled();

    const ran: string[] = [];
    const cancel = scheduleWhenIdle(2000, [
      { afterMs: 0, run: () => ran.push('first') },
      { afterMs: 1000, run: () => ran.push('second') },
    ]);
    vi.advanceTimersByTime(2500);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(ran).toEqual(['first']);
  });

  it('loads steps given as a loader only once the browser is idle, and not after a cancel', async () => {
    installIdleCallbacks();
    const ran: string[] = [];
    const load = vi.fn(async () => [{ afterMs: 0, run: () => ran.push('loaded') }]);
    scheduleWhenIdle(2000, load);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(load).toHaveBeenCalledTimes(1);
    expect(ran).toEqual(['loaded']);

    const cancel = scheduleWhenIdle(2000, load);
    await vi.advanceTimersByTimeAsync(2000);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual(['loaded']);
  });

  it('skips steps that cannot be loaded', async () => {
    installIdleCallbacks();
    scheduleWhenIdle(2000, () => Promise.reject(new Error('offline')));
    await expect(vi.advanceTimersByTimeAsync(5000)).resolves.toBeDefined();
  });
});
