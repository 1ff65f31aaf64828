import { describe, expect, it } from 'vitest';
import { confirmsReset, nextSeasonName } from './season-reset.ts';

describe('confirmsReset', () => {
  it('accepts exactly RESET ALL SCORES', () => {
    expect(confirmsReset('RESET ALL SCORES')).toBe(true);
  });

  it('refuses another case, extra spaces or a partial phrase', () => {
    for (const typed of [
      'reset all scores',
      'RESET ALL SCORES ',
      ' RESET ALL SCORES',
      'RESET  ALL SCORES',
      'RESET',
      '',
    ]) {
      expect(confirmsReset(typed), JSON.stringify(typed)).toBe(false);
    }
  });
});

describe('nextSeasonName', () => {
  it('numbers the next season after those so far', () => {
    expect(nextSeasonName(1)).toBe('Season 2');
    expect(nextSeasonName(9)).toBe('Season 10');
  });
});
