import { describe, expect, it } from 'vitest';
import { describeWait, tooManyAttemptsMessage } from './retry-wording.ts';

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
    [899, '15 minutes'],
    [900, '15 minutes'],
  ])('says %i s as "%s": minutes rounded up from a minute on', (seconds, wording) => {
    expect(describeWait(seconds)).toBe(wording);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('tells a refused login how long to wait, in minutes for a full window', () => {
    expect(tooManyAttemptsMessage('login', 900)).toBe('Too many login attempts. Try again in 15 minutes.');
  });

  it('names the kind of attempt in the same wording as a refused login', () => {
    expect(tooManyAttemptsMessage('registration', 3600)).toBe(
      'Too many registration attempts. Try again in 60 minutes.',
    );
  });
});
