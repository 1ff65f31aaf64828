import { describe, expect, it } from 'vitest';
import { dinkDynamicConfig } from './dynamic-config.ts';

const url = 'https://clan.example/api/dink/abc';

describe('dinkDynamicConfig', () => {
  it('points every kept type at the member address without touching their primary webhook', () => {
    const config = dinkDynamicConfig(url, { min_loot_value: 1_000_000, min_level: 99, min_xp_milestone: 0 });
    expect(config).not.toHaveProperty('discordWebhook');
    expect(config.lootWebhook).toBe(url);
    expect(config.petWebhook).toBe(url);
    expect(config.collectionWebhook).toBe(url);
    expect(config.killCountWebhook).toBe(url);
    expect(config.collectionLogEnabled).toBe(true);
    expect(config.killCountPB).toBe(true);
  });

  it('asks for drops down to 100K for the loot board and screenshots from the notable value', () => {
    const config = dinkDynamicConfig(url, { min_loot_value: 5_000_000, min_level: 127, min_xp_milestone: 0 });
    expect(config.minLootValue).toBe(100_000);
    expect(config.lootImageMinValue).toBe(5_000_000);
    expect(config.levelMinValue).toBe(99);
    expect(
      dinkDynamicConfig(url, { min_loot_value: 50_000, min_level: 90, min_xp_milestone: 0 }).minLootValue,
    ).toBe(50_000);
  });
});
