import { z } from 'zod';

/**
 * Goal and race values are 64-bit integers in both databases, but travel as JavaScript numbers,
 * which hold whole numbers exactly only up to Number.MAX_SAFE_INTEGER: a larger target would be
 * stored as a neighbouring value, so it is refused instead.
 */
export const TARGET_NOT_SAFE = `Target value must be a whole number no larger than ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}`;

/** A target value the user types: a safe integer of at least 1. */
export const safeTarget = (messages: { missing: string; belowOne: string }) =>
  z.number({ error: messages.missing }).int(TARGET_NOT_SAFE).min(1, messages.belowOne);
