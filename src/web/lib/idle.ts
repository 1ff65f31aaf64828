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

/** `schedule` the steps once the browser is idle; returns a function that cancels whatever is left. */
export function scheduleWhenIdle(
  timeoutMs: number,
  steps: Array<{ afterMs: number; run: () => void }>,
): () => void {
  let cancelSteps = () => {};
  const cancelIdle = whenIdle(() => {
    cancelSteps = schedule(steps);
  }, timeoutMs);
  return () => {
    cancelIdle();
    cancelSteps();
  };
}
