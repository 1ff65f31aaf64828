import type { Kysely } from 'kysely';
import { messageAnswer, optionOf, siegePlace, type Interaction } from '#core/discord/interactions.ts';
import { inertText } from '#core/discord/news-messages.ts';
import { rankByValue, topPlaces } from '#core/ranking/competition-ranking.ts';
import { pathTo, paths } from '#core/site/pages.ts';
import type { Database } from '../../db/schema.ts';
import { listSiegeScores } from '../leaderboards/leaderboards.repository.ts';
import { isVisibleMember } from '../members/members.repository.ts';

const LEADERS = 10;
const number = (value: number) => Math.round(value).toLocaleString('en-US');
const ordinal = (place: number) => {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
};

/** A listed member by in-game name, as typed (any case). */
async function findPlayer(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('members')
    .select(['wom_id', 'name', 'siege_score'])
    .where(isVisibleMember)
    .where((eb) => eb(eb.fn('lower', ['members.name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

const needPlayer = (command: string) =>
  messageAnswer(`Name a player, as in \`/${command} player:Zezima\`.`, true);
const noSuchPlayer = (name: string) => messageAnswer(`No clan member is named ${inertText(name)}.`, true);

/**
 * The answer to one of the clan's slash commands (issue 32), read from the site's own data: never a
 * ping (no mentions are parsed), and only the caller sees an answer about a mistake.
 */
export async function answerCommand(db: Kysely<Database>, interaction: Interaction, siteUrl: string) {
  const site = siteUrl.replace(/\/+$/, '');
  const link = (womId: string, name: string) =>
    `[${inertText(name)}](${site}${pathTo(paths.member, Number(womId))})`;
  switch (interaction.data?.name) {
    case 'points': {
      const name = optionOf(interaction, 'player');
      if (name === null) return needPlayer('points');
      const player = await findPlayer(db, name);
      if (!player) return noSuchPlayer(name);
      const score = Number(player.siege_score);
      const place = siegePlace(await listSiegeScores(db), player.wom_id);
      return messageAnswer(
        `${link(player.wom_id, player.name)} has ${number(score)} siege points${place === null ? '' : `, ${ordinal(place)} in the clan`}.`,
      );
    }
    case 'leaderboard': {
      const placed = topPlaces(
        rankByValue(await listSiegeScores(db), (entry) => entry.value, {
          breakTie: (a, b) => a.name.localeCompare(b.name),
        }),
        LEADERS,
      );
      if (placed.length === 0) return messageAnswer('Nobody has siege points yet.');
      return messageAnswer(
        [
          '**Siege score leaders**',
          ...placed.map(
            ({ item, rank }) => `${rank}. ${link(item.wom_id, item.name)} — ${number(item.value)}`,
          ),
        ].join('\n'),
      );
    }
    case 'whois': {
      const name = optionOf(interaction, 'player');
      if (name === null) return needPlayer('whois');
      const player = await findPlayer(db, name);
      if (!player) return noSuchPlayer(name);
      return messageAnswer(
        `${inertText(player.name)}: ${site}${pathTo(paths.member, Number(player.wom_id))}`,
      );
    }
    default:
      return messageAnswer('The clan site does not know this command.', true);
  }
}
