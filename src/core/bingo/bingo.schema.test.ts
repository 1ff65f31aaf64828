import { describe, expect, it } from 'vitest';
import { MAX_SERIAL_ID } from '../http/params.schema.ts';
import { templateInputSchema } from './bingo.schema.ts';

describe('a template made from a board', () => {
  it("takes a board id within the id column's range and refuses one past it", () => {
    expect(templateInputSchema.safeParse({ name: 'Summer', board_id: MAX_SERIAL_ID }).success).toBe(true);
    expect(templateInputSchema.safeParse({ name: 'Summer', board_id: MAX_SERIAL_ID + 1 }).success).toBe(
      false,
    );
    expect(templateInputSchema.safeParse({ name: 'Summer', board_id: 0 }).success).toBe(false);
  });
});
