import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, a press outside `container` or the Escape key calls `dismiss` (with how it was
 * dismissed, so Escape can hand focus back to the control that opened the panel).
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  dismiss: (by: 'outside' | 'escape') => void,
): void {
  // The latest callback, without re-subscribing on every render.
  const onDismiss = useRef(dismiss);
  useEffect(() => {
    onDismiss.current = dismiss;
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node))
        onDismiss.current('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss.current('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [container, open]);
}
