import type { Kysely } from 'kysely';
import {
  callerId,
  messageAnswer,
  optionOf,
  siegePlace,
  type Interaction,
} from '#core/discord/interactions.ts';
import { inertText } from '#core/discord/news-messages.ts';
import { nextRank, rankDisplayName } from '#core/clan/rank-ladder.ts';
import { nextRankInWords } from '#core/members/character.schema.ts';
import { rankByValue, topPlaces } from '#core/ranking/competition-ranking.ts';
import { pathTo, paths } from '#core/site/pages.ts';
import type { Database } from '../../db/schema.ts';
import { listSiegeScores } from '../leaderboards/leaderboards.repository.ts';
import { readBoardView } from '../bingo/bingo-progress.ts';
import { listRunningBoardIds } from '../bingo/bingo.repository.ts';
import { ladderContext } from '../clan-settings/clan-settings.ts';
import { findVisibleRosterRow, isVisibleMember } from '../members/members.repository.ts';

const LEADERS = 10;
const EVENTS_SHOWN = 6;
const BOARDS_SHOWN = 3;
const TEAMS_SHOWN = 5;
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

/** The caller's own character: the first listed one claimed by the site account their Discord is linked to. */
async function findCallersPlayer(db: Kysely<Database>, discordUserId: string) {
  return db
    .selectFrom('users')
    .innerJoin('player_claims', 'player_claims.user_id', 'users.id')
    .innerJoin('members', 'members.wom_id', 'player_claims.wom_id')
    .select(['members.wom_id', 'members.name', 'members.siege_score'])
    .where('users.discord_user_id', '=', discordUserId)
    .where(isVisibleMember)
    .orderBy('player_claims.claimed_at')
    .orderBy('player_claims.id')
    .executeTakeFirst();
}

const needPlayer = (command: string) =>
  messageAnswer(
    `Name a player, as in \`/${command} player:Zezima\`, or link your Discord on the clan site's profile page to be asked about your own character.`,
    true,
  );
const noSuchPlayer = (name: string) => messageAnswer(`No clan member is named ${inertText(name)}.`, true);

type Player = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;

/**
 * The player a command asks about: the one named, else the caller's own linked character. An answer
 * about the caller's own character only they see; one about a named player, the channel.
 */
async function playerOf(
  db: Kysely<Database>,
  interaction: Interaction,
  command: string,
): Promise<{ player: Player; own: boolean } | { refusal: ReturnType<typeof messageAnswer> }> {
  const name = optionOf(interaction, 'player');
  if (name !== null) {
    const player = await findPlayer(db, name);
    return player ? { player, own: false } : { refusal: noSuchPlayer(name) };
  }
  const caller = callerId(interaction);
  const own = caller === null ? undefined : await findCallersPlayer(db, caller);
  return own ? { player: own, own: true } : { refusal: needPlayer(command) };
}

/**
 * The answer to one of the clan's slash commands (issue 32), read from the site's own data: never a
 * ping (no mentions are parsed), and only the caller sees an answer about a mistake.
 */
export async function answerCommand(
  db: Kysely<Database>,
  interaction: Interaction,
  context: { siteUrl: string; now: Date },
) {
  const { siteUrl, now } = context;
  const site = siteUrl.replace(/\/+$/, '');
  const link = (womId: string, name: string) =>
    `[${inertText(name)}](${site}${pathTo(paths.member, Number(womId))})`;
  switch (interaction.data?.name) {
    case 'points': {
      const asked = await playerOf(db, interaction, 'points');
      if ('refusal' in asked) return asked.refusal;
      const { player } = asked;
      const score = Number(player.siege_score);
      const place = siegePlace(await listSiegeScores(db), player.wom_id);
      return messageAnswer(
        `${link(player.wom_id, player.name)} has ${number(score)} siege points${place === null ? '' : `, ${ordinal(place)} in the clan`}.`,
        asked.own,
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
    case 'rank': {
      const asked = await playerOf(db, interaction, 'rank');
      if ('refusal' in asked) return asked.refusal;
      const row = await findVisibleRosterRow(db, asked.player.wom_id);
      if (!row) return noSuchPlayer(asked.player.name);
      const { ladder } = await ladderContext(db, now);
      const next = nextRankInWords(nextRank(ladder, row, now));
      return messageAnswer(
        `${link(row.wom_id, row.name)} is ${inertText(rankDisplayName(ladder, row.womrole))}${next === null ? '' : `: ${inertText(next)}`}.`,
        asked.own,
      );
    }
    case 'events': {
      const at = now.toISOString();
      const events = (
        await db
          .selectFrom('events')
          .select(['name', 'start_date', 'end_date'])
          .where('end_date', '>', at)
          .orderBy('start_date')
          .limit(EVENTS_SHOWN)
          .execute()
      ).map((event) => ({
        name: event.name,
        start: event.start_date === null ? null : new Date(event.start_date).toISOString(),
        end: event.end_date === null ? at : new Date(event.end_date).toISOString(),
      }));
      const when = (iso: string) => `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`;
      const running = events.filter((event) => event.start !== null && event.start <= at);
      const next = events.find((event) => event.start !== null && event.start > at);
      if (running.length === 0 && !next) return messageAnswer('No event is running or planned.');
      return messageAnswer(
        [
          ...running.map((event) => `Running: **${inertText(event.name)}**, ends ${when(event.end)}`),
          ...(next ? [`Next: **${inertText(next.name)}**, starts ${when(next.start ?? at)}`] : []),
          `${site}${paths.events}`,
        ].join('\n'),
      );
    }
    case 'bingo': {
      const ids = await listRunningBoardIds(db, now);
      if (ids.length === 0) return messageAnswer('No bingo board is running.');
      const lines: string[] = [];
      for (const id of ids.slice(0, BOARDS_SHOWN)) {
        const board = await readBoardView(db, id);
        if (!board) continue;
        // Every team, a team yet to score too: best first, ties by name.
        const teams = [...board.teams].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
        lines.push(
          `**${inertText(board.title)}** ${site}${pathTo(paths.bingo, board.id)}`,
          ...teams.slice(0, TEAMS_SHOWN).map((team) => `${inertText(team.name)} — ${number(team.score)}`),
        );
      }
      return messageAnswer(lines.join('\n'));
    }
    case 'whois': {
      const asked = await playerOf(db, interaction, 'whois');
      if ('refusal' in asked) return asked.refusal;
      const { player } = asked;
      return messageAnswer(
        `${inertText(player.name)}: ${site}${pathTo(paths.member, Number(player.wom_id))}`,
        asked.own,
      );
    }
    default:
      return messageAnswer('The clan site does not know this command.', true);
  }
}
