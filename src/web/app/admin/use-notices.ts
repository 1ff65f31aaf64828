import { useCallback, useRef, useState } from 'react';
import type { Notice, Notify } from '../../components/notice-banner.tsx';

export interface ShownNotice extends Notice {
  id: number;
}

/** A few are enough to see what just happened; older ones make way. */
const MAX_NOTICES = 3;

/**
 * The admin pages' success and error banners: `notify` (stable, for tabs and memoised rows) shows
 * one above the others, until it is dismissed or, for a success, until it goes by itself.
 */
export function useNotices() {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const nextId = useRef(0);
  const notify = useCallback<Notify>((notice) => {
    nextId.current += 1;
    const shown = { ...notice, id: nextId.current };
    setNotices((current) => [shown, ...current].slice(0, MAX_NOTICES));
  }, []);
  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);
  return { notices, notify, dismiss };
}
