import { z } from 'zod';

export const UNWHITELIST_REASON_REQUIRED = 'A reason is required to remove a member from the whitelist';

/**
 * `POST /api/admin/members/:womId/unwhitelist`: unlike whitelisting (spec §5: an empty reason
 * becomes the default), taking a member off the whitelist puts them back among the alerts, so the
 * admin says why.
 */
export const unwhitelistInputSchema = z.object({
  reason: z
    .string({ error: UNWHITELIST_REASON_REQUIRED })
    .trim()
    .min(1, UNWHITELIST_REASON_REQUIRED)
    .max(500),
});

/** The refusal when the member is not on the whitelist: nothing to take them off. */
export const notWhitelistedMessage = (name: string) => `${name} is not whitelisted`;
