import { useEffect } from 'react';

/** Sets the browser tab's title for a page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
