import { z } from 'zod';

/**
 * `GET /api/admin/wom-players/:womId`: the player Wise Old Man knows by that id, so an admin adding
 * a member by hand sees the name before saving (issue 29).
 */
export const womPlayerCheckSchema = z.object({ wom_id: z.string(), display_name: z.string() });
export type WomPlayerCheck = z.infer<typeof womPlayerCheckSchema>;

export const WOM_PLAYER_MESSAGES = {
  /** WOM has no player with the id: the member cannot be added with it. */
  unknown: (womId: string) =>
    `Wise Old Man has no player with WOM ID ${womId}: check the id on their WOM profile`,
  /** WOM did not answer: the id is not checked; a member may still be saved with it. */
  unchecked: (womId: string) =>
    `Wise Old Man could not be reached to check WOM ID ${womId}. You can still save: the next sync flags the member if they are not in the clan's group.`,
} as const;
