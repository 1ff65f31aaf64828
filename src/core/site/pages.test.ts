import { describe, expect, it } from 'vitest';
import { pageData, pagePattern, paths, pathTo, routedPageOf, routedPages } from './pages.ts';

describe('routedPageOf', () => {
  it('names the page of a path, ignoring a trailing slash, query and fragment', () => {
    expect(routedPageOf('/')).toBe('/');
    expect(routedPageOf('/members')).toBe('/members');
    expect(routedPageOf('/members/')).toBe('/members');
    expect(routedPageOf('/members?search=zezima')).toBe('/members');
    expect(routedPageOf('/events#top')).toBe('/events');
  });

  it('knows the account pages, a reset link with its token included', () => {
    expect(routedPageOf('/register')).toBe(paths.register);
    expect(routedPageOf('/profile')).toBe(paths.profile);
    expect(routedPageOf('/reset-password?token=abc')).toBe(paths.resetPassword);
  });

  it("knows the game's feed and boards, their filters included", () => {
    expect(routedPageOf('/feed?kind=pet&wom_id=42')).toBe(paths.feed);
    expect(routedPageOf('/personal-bests?boss=Zulrah&team_size=1')).toBe(paths.personalBests);
    expect(routedPageOf('/feed/12')).toBeNull();
  });

  it('names the page of a row by its id, digits only', () => {
    expect(routedPageOf('/races/12')).toBe(paths.race);
    expect(routedPageOf('/races/12/')).toBe(paths.race);
    expect(routedPageOf('/races/12/edit')).toBe(paths.editRace);
    expect(routedPageOf('/races/new')).toBe(paths.newRace);
    expect(routedPageOf('/goals/7?from=progress')).toBe(paths.goal);
    expect(routedPageOf('/races/abc')).toBeNull();
    expect(routedPageOf('/races/12abc')).toBeNull();
    expect(routedPageOf('/races/:id')).toBeNull();
    expect(routedPageOf('/races/-1')).toBeNull();
    expect(routedPageOf('/goals/7/edit')).toBeNull();
    expect(routedPageOf('/races')).toBeNull();
  });

  it("builds a row's address that its page's pattern gives the id back from", () => {
    expect(pathTo(paths.race, 12)).toBe('/races/12');
    expect(pathTo(paths.editRace, 12)).toBe('/races/12/edit');
    expect(pagePattern(paths.goal).exec(pathTo(paths.goal, 7))?.groups).toEqual({ id: '7' });
    expect(pagePattern(paths.members).test('/members')).toBe(true);
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
    expect(pageData[paths.personalBests]).toEqual(['/api/personal-bests', '/api/loot-board']);
  });
});
