/**
 * Runs `task` when the browser is idle, at the latest after `timeoutMs`; where idle callbacks are
 * not supported, after one second (spec §7). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}

/** Runs each step after its delay from now; returns a function that cancels the steps not yet run. */
export function schedule(steps: Array<{ afterMs: number; run: () => void }>): () => void {
  const handles = steps.map((step) => window.setTimeout(step.run, step.afterMs));
  return () => handles.forEach((handle) => window.clearTimeout(handle));
}

type Steps = Array<{ afterMs: number; run: () => void }>;

/**
 * `schedule` the steps once the browser is idle; returns a function that cancels whatever is left.
 * The steps may be given as a loader, for steps whose code the first page should not carry: it is
 * called only once the browser is idle, and steps that cannot be loaded are skipped, as idle work is
 * a nicety.
 */
export function scheduleWhenIdle(timeoutMs: number, steps: Steps | (() => Promise<Steps>)): () => void {
  let cancelled = false;
  let cancelSteps = () => {};
  const start = (ready: Steps) => {
    if (!cancelled) cancelSteps = schedule(ready);
  };
  const cancelIdle = whenIdle(() => {
    if (typeof steps === 'function') steps().then(start, () => {});
    else start(steps);
  }, timeoutMs);
  return () => {
    cancelled = true;
    cancelIdle();
    cancelSteps();
  };
}
