// Static imports, so the bundled server carries the examples (dist/ has no payload folder).
import achievementDiary from './dink-payloads/achievement_diary.json' with { type: 'json' };
import barbarianAssaultGamble from './dink-payloads/barbarian_assault_gamble.json' with { type: 'json' };
import chat from './dink-payloads/chat.json' with { type: 'json' };
import clue from './dink-payloads/clue.json' with { type: 'json' };
import collection from './dink-payloads/collection.json' with { type: 'json' };
import combatAchievement from './dink-payloads/combat_achievement.json' with { type: 'json' };
import death from './dink-payloads/death.json' with { type: 'json' };
import externalPlugin from './dink-payloads/external_plugin.json' with { type: 'json' };
import grandExchange from './dink-payloads/grand_exchange.json' with { type: 'json' };
import groupBankContents from './dink-payloads/group_bank_contents.json' with { type: 'json' };
import groupStorage from './dink-payloads/group_storage.json' with { type: 'json' };
import killCount from './dink-payloads/kill_count.json' with { type: 'json' };
import leaguesArea from './dink-payloads/leagues_area.json' with { type: 'json' };
import leaguesMastery from './dink-payloads/leagues_mastery.json' with { type: 'json' };
import leaguesRelic from './dink-payloads/leagues_relic.json' with { type: 'json' };
import leaguesTask from './dink-payloads/leagues_task.json' with { type: 'json' };
import level from './dink-payloads/level.json' with { type: 'json' };
import login from './dink-payloads/login.json' with { type: 'json' };
import logout from './dink-payloads/logout.json' with { type: 'json' };
import loot from './dink-payloads/loot.json' with { type: 'json' };
import pet from './dink-payloads/pet.json' with { type: 'json' };
import playerKill from './dink-payloads/player_kill.json' with { type: 'json' };
import quest from './dink-payloads/quest.json' with { type: 'json' };
import slayer from './dink-payloads/slayer.json' with { type: 'json' };
import speedrun from './dink-payloads/speedrun.json' with { type: 'json' };
import toaUnique from './dink-payloads/toa_unique.json' with { type: 'json' };
import trade from './dink-payloads/trade.json' with { type: 'json' };
import xpMilestone from './dink-payloads/xp_milestone.json' with { type: 'json' };

/** Dink's documented example of each notification type, by type, as the plugin sends it. */
const EXAMPLES: Record<string, unknown> = Object.fromEntries(
  [
    achievementDiary,
    barbarianAssaultGamble,
    chat,
    clue,
    collection,
    combatAchievement,
    death,
    externalPlugin,
    grandExchange,
    groupBankContents,
    groupStorage,
    killCount,
    leaguesArea,
    leaguesMastery,
    leaguesRelic,
    leaguesTask,
    level,
    login,
    logout,
    loot,
    pet,
    playerKill,
    quest,
    slayer,
    speedrun,
    toaUnique,
    trade,
    xpMilestone,
  ].map((example) => [example.type, example]),
);

/** Every type with an example, in upper case as Dink names them. */
export const DINK_EXAMPLE_TYPES: readonly string[] = Object.keys(EXAMPLES).sort();

/** A fresh copy of the example for `type` (any case), to change before sending; undefined for none. */
export function dinkExample(type: string): Record<string, unknown> | undefined {
  const key = type.toUpperCase();
  if (!Object.hasOwn(EXAMPLES, key)) return undefined;
  return structuredClone(EXAMPLES[key]) as Record<string, unknown>;
}
