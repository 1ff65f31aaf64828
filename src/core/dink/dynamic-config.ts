import type { DinkThresholds } from './dink.schema.ts';

/** The notification types the site makes moments of, by the key of Dink's webhook override for each. */
const OVERRIDE_KEYS = [
  'lootWebhook',
  'petWebhook',
  'collectionWebhook',
  'levelWebhook',
  'killCountWebhook',
  'speedrunWebhook',
  'combatTaskWebhook',
  'diaryWebhook',
  'clueWebhook',
] as const;

/** Drops below this are not worth a post even for the loot board. */
const LOOT_BOARD_FLOOR = 100_000;

/**
 * Dink's settings for its Dynamic Config URL: the notification types the site keeps are sent to the
 * member's address through each type's override, so the member's own primary webhook (their Discord)
 * is left as it is, and Dink's thresholds follow the clan's. Drops are asked for below the clan's
 * notable value (down to 100K) so the season loot board counts more than the feed shows.
 */
export function dinkDynamicConfig(
  url: string,
  thresholds: DinkThresholds,
): Record<string, string | number | boolean> {
  const overrides = Object.fromEntries(OVERRIDE_KEYS.map((key) => [key, url]));
  return {
    ...overrides,
    lootEnabled: true,
    minLootValue: Math.min(thresholds.min_loot_value, LOOT_BOARD_FLOOR),
    lootImageMinValue: thresholds.min_loot_value,
    petEnabled: true,
    collectionLogEnabled: true,
    levelEnabled: true,
    levelMinValue: Math.min(thresholds.min_level, 99),
    killCountEnabled: true,
    killCountPB: true,
    speedrunEnabled: true,
    speedrunPBOnly: true,
    combatTaskEnabled: true,
    diaryEnabled: true,
    clueEnabled: true,
    clueMinValue: thresholds.min_loot_value,
    discordRichEmbeds: true,
  };
}
