import { z } from 'zod';

/**
 * The largest value of an `integer` column (siege scores, point amounts, levels). PostgreSQL refuses
 * anything past it while SQLite stores it, so the service keeps every such value within 0 to this on
 * both databases.
 */
export const MAX_INT32 = 2_147_483_647;

const MAX_INT32_TEXT = MAX_INT32.toLocaleString('en-US');

export const INT32_TOO_LARGE = `Must be at most ${MAX_INT32_TEXT}`;

/** A number field held in an integer column: 0 to MAX_INT32, a fraction floored (spec §5). */
export const int32Score = (negativeMessage: string) =>
  z.number().finite().min(0, negativeMessage).max(MAX_INT32, INT32_TOO_LARGE).transform(Math.floor);

/** Why points were refused: the member's score would pass what a score can hold. */
export const pointsOverflowMessage = (name: string, score: number, amount: number) =>
  `Cannot add ${amount} points to ${name}: their siege score is ${score.toLocaleString('en-US')} and cannot go above ${MAX_INT32_TEXT}`;
