import { useEffect, useState } from 'react';

/** Waits for the next frame to be painted, then for a fresh task, so each step lets the page paint. */
function afterNextPaint(task: () => void): () => void {
  if (typeof window.requestAnimationFrame !== 'function') {
    const handle = window.setTimeout(task, 0);
    return () => window.clearTimeout(handle);
  }
  let timeout: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timeout = window.setTimeout(task, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timeout !== undefined) window.clearTimeout(timeout);
  };
}

/**
 * How many items of `list` to render: the first `first` at once, then `step` more after each paint,
 * until all are shown. A long list shows its top in one short render instead of blocking the page
 * while every row is built; a new list (a search, a filter) starts again from the top.
 */
export function useIncrementalCount(list: readonly unknown[], first: number, step: number): number {
  const [shown, setShown] = useState({ list, count: first });
  // A new list resets the count during render, so its first frame is short too.
  const current = shown.list === list ? shown : { list, count: first };
  if (current !== shown) setShown(current);

  const done = current.count >= list.length;
  useEffect(() => {
    if (done) return undefined;
    return afterNextPaint(() =>
      setShown((state) => (state.list === list ? { list, count: state.count + step } : state)),
    );
  }, [list, current.count, done, step]);

  return Math.min(current.count, list.length);
}
