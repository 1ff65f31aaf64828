import { describe, expect, it } from 'vitest';
import { pageData, paths, routedPageOf, routedPages } from './pages.ts';

describe('routedPageOf', () => {
  it('names the page of a path, ignoring a trailing slash, query and fragment', () => {
    expect(routedPageOf('/')).toBe('/');
    expect(routedPageOf('/members')).toBe('/members');
    expect(routedPageOf('/members/')).toBe('/members');
    expect(routedPageOf('/members?search=zezima')).toBe('/members');
    expect(routedPageOf('/events#top')).toBe('/events');
  });

  it('knows no page the app does not have', () => {
    expect(routedPageOf('/no/such/page')).toBeNull();
    expect(routedPageOf('/members/extra')).toBeNull();
    expect(routedPageOf('/Members')).toBeNull();
    expect(routedPageOf('//')).toBeNull();
  });

  it('preloads data only for pages that exist, from the public API', () => {
    for (const [page, urls] of Object.entries(pageData)) {
      expect(routedPages).toContain(page);
      for (const url of urls ?? []) expect(url).toMatch(/^\/api\//);
    }
    expect(pageData[paths.members]).toEqual(['/api/members']);
  });
});
