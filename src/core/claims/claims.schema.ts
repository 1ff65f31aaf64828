import { z } from 'zod';
import { boundedDateTime } from '../bounds/years.ts';
import { serialIdSchema, womPlayerIdWithMessage } from '../http/params.schema.ts';

/** The spec's claim texts (§5 Claim by code, Claim request; §8 Claim), word for word. */
export const CLAIM_MESSAGES = {
  codeRequired: 'Claim code is required',
  mustBeLoggedIn: 'You must be logged in to claim a player',
  mustBeLoggedInToRequest: 'You must be logged in to request a player claim',
  invalidCode: 'Invalid or already used claim code',
  expiredCode: 'This claim code has expired',
  alreadyClaimed: 'This player has already been claimed',
  failedToClaim: 'Failed to claim player',
  failedToProcess: 'Failed to process claim',
  selectValidPlayer: 'Please select a valid player',
  allClaimed: 'All players have been claimed',
  claimed: (name: string) => `Successfully claimed player: ${name}`,
  requestFailed: (message: string) => `Request failed: ${message}`,
  pendingRequestExists: 'You already have a pending request for this player',
  requestAlreadyReviewed: 'This request has already been reviewed',
  codeAlreadyUsed: 'A used claim code cannot be revoked',
  /** The note on a pending request closed because someone else claimed its character (issue 21). */
  claimedByAnother: 'Another account claimed this character.',
  /** The note on the claimer's own pending request, closed by their claim code. */
  claimedWithCode: 'You claimed this character with a claim code.',
} as const;

export const claimIdParamsSchema = z.object({ id: serialIdSchema });

/** The spec's fallback name for a member whose data is missing. */
export const UNKNOWN_PLAYER = 'Unknown Player';

/** `POST /api/claims/redeem`: the code is required and trimmed. */
export const redeemInputSchema = z.object({
  code: z.string({ error: CLAIM_MESSAGES.codeRequired }).trim().min(1, CLAIM_MESSAGES.codeRequired).max(64),
});

/** A character the user has claimed, with the stats the profile shows (`GET /api/me/characters`). */
export const characterSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  wom_name: z.string().nullable(),
  womrole: z.string().nullable(),
  /** Defaults to 3 when unknown (spec §9). */
  combat_level: z.number().int(),
  /** Total level. */
  current_lvl: z.number().int(),
  current_xp: z.number(),
  ehb: z.number().int(),
  siege_score: z.number().int(),
  claimed_at: z.string(),
});
export type Character = z.infer<typeof characterSchema>;

export const redeemResultSchema = z.object({ message: z.string(), character: characterSchema });

/** `POST /api/claim-requests`: the message is optional (null when empty); status starts pending. */
export const claimRequestInputSchema = z.object({
  wom_id: womPlayerIdWithMessage(CLAIM_MESSAGES.selectValidPlayer),
  message: z
    .string()
    .max(1000)
    .nullish()
    .transform((message) => message?.trim() || null),
});
export type ClaimRequestInput = z.input<typeof claimRequestInputSchema>;

export const CLAIM_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;

/** A claim request as its user and the admins see it (`GET /api/claim-requests`). */
export const claimRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  wom_id: z.string(),
  rsn: z.string(),
  message: z.string().nullable(),
  status: z.enum(CLAIM_REQUEST_STATUSES),
  admin_notes: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ClaimRequest = z.infer<typeof claimRequestSchema>;

/** `PATCH /api/admin/claim-requests/:id`: approving creates the claim in the same transaction. */
export const reviewClaimRequestInputSchema = z.object({
  status: z.enum(['approved', 'denied']),
  admin_notes: z
    .string()
    .max(1000)
    .nullish()
    .transform((notes) => notes?.trim() || null),
});

/** `POST /api/admin/claim-codes`: a code for a member, valid until `expires_at` (default 7 days). */
export const claimCodeInputSchema = z.object({
  wom_id: womPlayerIdWithMessage(CLAIM_MESSAGES.selectValidPlayer),
  expires_at: boundedDateTime('Expiry time').nullish(),
});

export const CLAIM_CODE_DEFAULT_DAYS = 7;

/** A claim code as admins see it (`GET /api/admin/claim-codes`); users never see codes. */
export const claimCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  wom_id: z.string(),
  member_name: z.string(),
  is_claimed: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  claimed_by: z.string().nullable(),
  claimed_at: z.string().nullable(),
});
export type ClaimCode = z.infer<typeof claimCodeSchema>;
