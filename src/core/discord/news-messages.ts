import { DINK_MOMENT_LABELS } from '../dink/dink.schema.ts';
import { roleDisplayName } from '../members/roles.ts';
import { metricDisplayName } from '../metrics/metric-names.ts';
import { rankByValue, topPlaces } from '../ranking/competition-ranking.ts';
import { pathTo, paths } from '../site/pages.ts';
import type { DiscordEmbed, DiscordMessage } from './discord-message.ts';
import { moreLine } from './discord-message.ts';
import type {
  Announcement,
  BingoUpdate,
  CompetitionRef,
  GameMoment,
  MemberRef,
  StandingLine,
} from './news.ts';

/** Lists show this many lines, then "+N more", like the Wise Old Man bot's. */
const LIST_LINES = 10;
const PODIUM = 3;
const CLAN_COLOR = 0xc8a24a;
const ADMIN_COLOR = 0xd9534f;
const MEDALS = ['🥇', '🥈', '🥉'];

/** Marks that reorder how text reads (U+202E shows "gpj.exe" as "exe.jpg"): dropped, never sent. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const MARKDOWN = /([\\*_~`|<>#[\]()-])/g;
/** Discord links what follows a scheme's "://"; a zero-width space after the colon stops it. */
const SCHEME = /:(?=\/\/)/g;
/** A dot between a name and a letter, as in a domain: broken too, so no client reads a link. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}])\.(?=\p{L})/gu;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Text a member, an admin or WOM wrote, as Discord must show it: as written, never as markdown
 * (so no masked link, mention or heading), never as a link (a name or item that is a URL, bare or
 * in `<…>`, reads as text), and without direction controls. Every such text in a message passes
 * through here; mentions are also refused by `allowed_mentions` when the message is fitted.
 */
export function inertText(text: string): string {
  return text
    .replace(BIDI_CONTROLS, '')
    .replace(MARKDOWN, '\\$1')
    .replace(SCHEME, `:${ZERO_WIDTH_SPACE}`)
    .replace(DOMAIN_DOT, `.${ZERO_WIDTH_SPACE}`);
}

/** A title as written, without what `inertText` added: for the site's own history. */
export function plainTitle(title: string): string {
  return title.replace(/\\(.)/g, '$1').replaceAll(ZERO_WIDTH_SPACE, '');
}

/** Discord shows `<t:…:R>` ("in 5 hours") in a description, never in a title. */
function relativeTime(iso: string): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`;
}

function list(lines: string[], limit = LIST_LINES): string {
  if (lines.length <= limit) return lines.join('\n');
  return [...lines.slice(0, limit), moreLine(lines.length - limit)].join('\n');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function formatNumber(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function dayTime(iso: string): string {
  return `<t:${Math.floor(Date.parse(iso) / 1000)}:f>`;
}

interface Links {
  site: string;
  page: (path: string) => string;
  member: (member: { wom_id: string | null; name: string }) => string;
}

function links(siteUrl: string): Links {
  const site = siteUrl.replace(/\/+$/, '');
  const page = (path: string) => `${site}${path}`;
  return {
    site,
    page,
    member: ({ wom_id, name }) =>
      wom_id ? `[${inertText(name)}](${page(pathTo(paths.member, Number(wom_id)))})` : inertText(name),
  };
}

function embed(title: string, url: string, description: string, admin = false): DiscordMessage {
  // Titles hold names players and admins chose: shown as written, never as markdown.
  const body: DiscordEmbed = {
    title: inertText(title),
    url,
    description,
    color: admin ? ADMIN_COLOR : CLAN_COLOR,
  };
  return { embeds: [body] };
}

/**
 * Standings placed by the site's one ranking and cut at `top` places, everyone tied at the cut
 * included: tied players share a place and its medal, the next place is skipped (🥇 🥇 🥉). A list
 * longer than the places shown ends in "+N more" when `more` says so.
 */
function standingsText(
  standings: StandingLine[],
  link: Links['member'],
  options: { top: number; unit?: string; more?: boolean },
): string {
  const placed = rankByValue(standings, (line) => line.value);
  const shown = topPlaces(placed, options.top);
  const lines = shown.map(({ item, rank }) => {
    const place = MEDALS[rank - 1] ?? `${rank}.`;
    return `${place} ${link(item)} — ${formatNumber(item.value)}${options.unit ?? ''}`;
  });
  if (options.more && shown.length < placed.length) lines.push(moreLine(placed.length - shown.length));
  return lines.join('\n');
}

function competitionLine(competition: CompetitionRef): string {
  const what = competition.metric ? ` · ${inertText(metricDisplayName(competition.metric))}` : '';
  return `${inertText(competition.type)}${what}\n${dayTime(competition.starts_at)} → ${dayTime(competition.ends_at)}`;
}

function memberList(members: MemberRef[], link: Links['member']): string {
  return list(members.map((member) => link(member)));
}

/**
 * The Discord message for a news item: short, in the site's voice, each linking back to the site's
 * page for it. The caller fits it to Discord's limits before sending.
 */
export function newsMessage(news: Announcement, siteUrl: string): DiscordMessage {
  const link = links(siteUrl);
  const roster = link.page(paths.members);
  const events = link.page(paths.events);
  switch (news.kind) {
    case 'test':
      return embed(
        'Test message',
        link.site,
        `The route “${inertText(news.route)}” reaches this channel. Clan news will appear here.`,
      );
    case 'member_joined':
      return embed(
        `Welcome! ${plural(news.members.length, 'new member')}`,
        roster,
        memberList(news.members, link.member),
      );
    case 'member_left':
      return embed(
        `${plural(news.members.length, 'member')} left the clan`,
        roster,
        memberList(news.members, link.member),
      );
    case 'member_returned':
      return embed(
        `Welcome back! ${plural(news.members.length, 'member')} returned`,
        roster,
        memberList(news.members, link.member),
      );
    case 'member_renamed':
      return embed(
        `${plural(news.renames.length, 'name change')}`,
        roster,
        list(
          news.renames.map((r) => `${inertText(r.from)} → ${link.member({ wom_id: r.wom_id, name: r.to })}`),
        ),
      );
    case 'rank_changed':
      return embed(
        `${plural(news.changes.length, 'rank change')}`,
        roster,
        list(
          news.changes.map(
            (c) =>
              `${link.member(c)}: ${inertText(c.from === null ? 'no rank' : roleDisplayName(c.from))} → **${inertText(roleDisplayName(c.to))}**${c.by_admin ? ' (set by an admin)' : ''}`,
          ),
        ),
      );
    case 'achievements':
      return embed(
        `${plural(news.items.length, 'new achievement')}`,
        link.page(paths.achievements),
        list(news.items.map((item) => `${link.member(item)}: ${inertText(item.achievement)}`)),
      );
    case 'competition_created':
      return embed(`New competition: ${news.competition.title}`, events, competitionLine(news.competition));
    case 'competition_starting':
      return embed(
        `${news.competition.title} starts soon`,
        events,
        `Starts ${relativeTime(news.competition.starts_at)}\n${competitionLine(news.competition)}`,
      );
    case 'competition_started':
      return embed(`${news.competition.title} has started`, events, competitionLine(news.competition));
    case 'competition_ending':
      return embed(
        `${news.competition.title} ends soon`,
        events,
        `Ends ${relativeTime(news.competition.ends_at)}\n${competitionLine(news.competition)}`,
      );
    case 'competition_ended':
      return competitionEnded(news, link, events);
    case 'live_standings':
      return embed(
        `${news.competition.title}: ${news.finished ? 'final standings' : 'live standings'}`,
        events,
        [
          standingsText(news.standings, link.member, { top: LIST_LINES, more: true }) || 'No progress yet.',
          news.finished ? 'The competition has ended.' : `Ends ${dayTime(news.competition.ends_at)}`,
        ].join('\n\n'),
      );
    case 'season_reset':
      return embed(
        `${news.season} is over: siege scores are reset`,
        link.page(paths.leaderboard),
        standingsText(news.standings, link.member, { top: LIST_LINES, unit: ' pts' }) ||
          'No scores this season.',
      );
    case 'anniversaries':
      return embed(
        'Clan anniversaries today',
        roster,
        list(news.members.map((m) => `${link.member(m)}: ${plural(m.years, 'year')} in the clan`)),
      );
    case 'goal_completed':
      return embed(
        `${news.member.name} reached a goal`,
        link.page(pathTo(paths.goal, news.goal_id)),
        `${link.member(news.member)}: ${inertText(news.goal)}`,
      );
    case 'race_finished':
      return embed(
        `Race finished: ${news.title}`,
        link.page(pathTo(paths.race, news.race_id)),
        news.winner ? `Winner: ${link.member(news.winner)}` : 'No winner this time.',
      );
    case 'game_moments':
      return gameMoment(news.moment, link);
    case 'bingo':
      return bingoMessage(news.board, news.update, link);
    case 'player_watch':
      return embed(
        `Player watch: ${plural(news.reports.length, 'new report')}`,
        `${link.page(paths.admin)}?tab=alerts`,
        list(news.reports.map((r) => `${link.member(r)}: ${inertText(r.reason)}`)),
        true,
      );
    case 'claim_requests':
      return embed(
        'New claim request',
        `${link.page(paths.admin)}?tab=alerts`,
        `${inertText(news.username)} asks to claim ${link.member(news.member)}. ${plural(news.pending, 'request')} waiting.`,
        true,
      );
    case 'rank_updates_due':
      return embed(
        `${plural(news.members.length, 'rank update')} due`,
        `${link.page(paths.admin)}?tab=alerts`,
        list(
          news.members.map(
            (m) =>
              `${link.member(m)}: ${inertText(m.from === null ? 'no rank' : roleDisplayName(m.from))} → **${inertText(roleDisplayName(m.to))}**`,
          ),
        ),
        true,
      );
    case 'sync_failing':
      return embed(
        'The WOM sync keeps failing',
        `${link.page(paths.admin)}?tab=sync`,
        `${plural(news.failures, 'run')} failed in a row. Last error: ${inertText(news.error)}`,
        true,
      );
  }
}

/**
 * A moment from the game: what happened as the title, linking to the member's page, the details
 * below it, dated when it happened and labelled with its kind. The screenshot is attached at
 * delivery, if it is still kept then (`withAttachedImage`).
 */
function gameMoment(moment: GameMoment, link: Links): DiscordMessage {
  const member = link.member({ wom_id: moment.wom_id, name: moment.player_name });
  const details = moment.details.trim();
  const body: DiscordEmbed = {
    title: inertText(`${moment.player_name}: ${moment.title}`),
    url: link.page(pathTo(paths.member, Number(moment.wom_id))),
    // The member's link first: a description cut to Discord's limit loses the end of the details.
    description: details === '' ? member : `${member}: ${inertText(details)}`,
    color: CLAN_COLOR,
    timestamp: moment.occurred_at,
    footer: { text: DINK_MOMENT_LABELS[moment.kind] },
  };
  return { embeds: [body] };
}

function competitionEnded(
  news: Extract<Announcement, { kind: 'competition_ended' }>,
  link: Links,
  events: string,
): DiscordMessage {
  // An event not linked to WOM has no standings here: its message says what it was instead.
  const lines =
    news.standings === null
      ? [competitionLine(news.competition)]
      : [
          '**Final standings**',
          standingsText(news.standings, link.member, { top: PODIUM }) || 'Nobody took part.',
        ];
  if (news.points.length > 0) {
    lines.push(
      '',
      '**Points paid**',
      list(news.points.map((p) => `${link.member(p)}: +${formatNumber(p.points)}`)),
    );
  }
  if (news.siege_leaders.length > 0) {
    lines.push(
      '',
      '**Siege score leaders**',
      standingsText(news.siege_leaders, link.member, { top: PODIUM, unit: ' pts' }),
    );
  }
  return embed(`${news.competition.title} has ended`, events, lines.join('\n'));
}

/**
 * Bingo news: a tile a team completed (the proof's screenshot attached at delivery), a bonus line
 * made, or the standings (each day while it runs, and the final ones), each linking to the board.
 */
function bingoMessage(
  board: { id: number; title: string },
  update: BingoUpdate,
  link: Links,
): DiscordMessage {
  const url = link.page(pathTo(paths.bingo, board.id));
  switch (update.what) {
    case 'tile':
      return embed(
        `${board.title}: ${update.team} completed ${update.tile}`,
        url,
        update.member ? `By ${link.member(update.member)}` : `Team ${inertText(update.team)}`,
      );
    case 'bonus':
      return embed(
        `${board.title}: ${update.team} made a bonus`,
        url,
        `${inertText(update.lines.join(', '))}: +${plural(update.points, 'point')}`,
      );
    case 'standings': {
      const lines = update.standings.map(
        (line, index) =>
          `${MEDALS[index] ?? `${index + 1}.`} ${inertText(line.team)} — ${plural(line.score, 'point')}`,
      );
      return embed(
        `${board.title}: ${update.final ? 'final standings' : 'standings'}`,
        url,
        lines.length === 0 ? 'No teams yet.' : list(lines),
      );
    }
  }
}
