import { useEffect, useState } from 'react';
import { siteIconFor } from '#core/site/site-icon.ts';

export function siteIconUrl(now: Date): string {
  return `/icons/${siteIconFor(now)}.svg`;
}

/** This month's site icon (pumpkin in October, hat in December); also set as the favicon. */
export function useSiteIcon(): string {
  const [url] = useState(() => siteIconUrl(new Date()));
  useEffect(() => {
    document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]').forEach((link) => (link.href = url));
  }, [url]);
  return url;
}
