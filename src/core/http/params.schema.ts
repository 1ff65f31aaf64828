import { z } from 'zod';

/** The largest PostgreSQL `integer`: every serial id column, and WOM's own player ids, fit in it. */
export const MAX_SERIAL_ID = 2_147_483_647;

const ID_MESSAGE = `must be a whole number from 1 to ${MAX_SERIAL_ID}`;
const DIGITS = /^[1-9]\d{0,9}$/;
const PLAYER_ID_MESSAGE = 'id must be a WOM player id';

/**
 * A row id from a path or query string, as a number. Bounded here because a value the column cannot
 * hold would otherwise reach the database and fail there (a 500 on PostgreSQL, not a 400).
 */
export const serialIdSchema = z
  .string()
  .regex(DIGITS, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(MAX_SERIAL_ID, ID_MESSAGE));

/** A WOM player id, kept as the text the members table is keyed by; anything else fails with `message`. */
export const womPlayerIdWithMessage = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(DIGITS, { message, abort: true })
    .refine((id) => Number(id) <= MAX_SERIAL_ID, message);

/** A WOM player id from a path or query string. */
export const womPlayerIdSchema = womPlayerIdWithMessage(PLAYER_ID_MESSAGE);
