import { describe, expect, it } from 'vitest';
import { DINK_MOMENT_KINDS, DINK_MOMENT_LABELS } from '#core/dink/dink.schema.ts';
import { isMomentKind, MOMENT_KINDS, MOMENT_LABELS } from './moment-kinds.ts';

describe('the web copy of the moment kinds', () => {
  it("names every kind as the schema does, in the schema's order", () => {
    expect(MOMENT_LABELS).toEqual(DINK_MOMENT_LABELS);
    expect(MOMENT_KINDS).toEqual([...DINK_MOMENT_KINDS]);
  });

  it('knows a kind by its exact name only', () => {
    expect(isMomentKind('pet')).toBe(true);
    expect(isMomentKind('Pet')).toBe(false);
    expect(isMomentKind('toString')).toBe(false);
  });
});
