import { describe, expect, it } from 'vitest';
import { DISCORD_KIND_LIST } from './discord-kinds.ts';
import { DISCORD_LIMITS, fitToDiscordLimits, type DiscordEmbed } from './discord-message.ts';
import { BIDI_CONTROL, linkedAddresses, messageTexts } from '#test/discord-text.ts';
import { inertText, newsMessage, plainTitle } from './news-messages.ts';
import type { Announcement, CompetitionRef, News } from './news.ts';

const SITE = 'https://clan.example/';
const HOSTILE = '*Zez_ima* [x](https://evil.example) `~|>#';
const member = { wom_id: '101', name: HOSTILE };
const competition: CompetitionRef = {
  event_id: 7,
  title: 'SOTW: Fishing',
  type: 'Skill of the Week',
  metric: 'fishing',
  starts_at: '2026-11-21T12:00:00.000Z',
  ends_at: '2026-11-28T12:00:00.000Z',
};
const standings = [
  { name: HOSTILE, wom_id: '101', value: 1_234_567 },
  { name: 'Lynx Titan', wom_id: '102', value: 1_000 },
];

/** One news item of every kind, each naming the hostile member. */
const samples: { [K in News['kind']]: News & { kind: K } } = {
  member_joined: { kind: 'member_joined', members: [member] },
  member_left: { kind: 'member_left', members: [member] },
  member_returned: { kind: 'member_returned', members: [member] },
  member_renamed: { kind: 'member_renamed', renames: [{ wom_id: '101', from: 'Old_name', to: HOSTILE }] },
  rank_changed: {
    kind: 'rank_changed',
    changes: [{ wom_id: '101', name: HOSTILE, from: 'Recruit', to: 'Corporal', by_admin: true }],
  },
  achievements: {
    kind: 'achievements',
    items: [
      { wom_id: '101', name: HOSTILE, achievement: '99 Attack', metric: 'attack', threshold: 13_034_431 },
    ],
  },
  competition_created: { kind: 'competition_created', competition },
  competition_starting: { kind: 'competition_starting', competition },
  competition_started: { kind: 'competition_started', competition },
  competition_ending: { kind: 'competition_ending', competition },
  competition_ended: {
    kind: 'competition_ended',
    competition,
    standings,
    points: [{ name: HOSTILE, wom_id: '101', points: 30 }],
    siege_leaders: standings,
  },
  live_standings: { kind: 'live_standings', competition, standings, finished: false },
  season_reset: { kind: 'season_reset', season: 'Season 3', standings },
  anniversaries: { kind: 'anniversaries', members: [{ ...member, years: 2 }] },
  goal_completed: { kind: 'goal_completed', goal_id: 5, member, goal: '99 Fishing' },
  race_finished: { kind: 'race_finished', race_id: 9, title: 'Race to 99', winner: member },
  game_moments: {
    kind: 'game_moments',
    moment: {
      id: 3,
      kind: 'pet',
      wom_id: '101',
      player_name: HOSTILE,
      title: 'Olmlet',
      details: 'A funny feeling like you would have been followed… (*after 512 raids*)',
      value: null,
      image_id: 8,
      occurred_at: '2026-11-21T12:00:00.000Z',
    },
  },
  bingo: {
    kind: 'bingo',
    board: { id: 4, title: 'Winter bingo' },
    update: { what: 'tile', team: HOSTILE, tile: 'Dragon warhammer', member, image_id: 9 },
  },
  player_watch: { kind: 'player_watch', reports: [{ ...member, reason: 'Left the clan chat' }] },
  claim_requests: { kind: 'claim_requests', member, username: 'some_user', pending: 2 },
  rank_updates_due: { kind: 'rank_updates_due', members: [{ ...member, from: 'Recruit', to: 'Sergeant' }] },
  sync_failing: { kind: 'sync_failing', failures: 3, error: 'WOM answered 503' },
};

function onlyEmbed(news: Parameters<typeof newsMessage>[0]): DiscordEmbed {
  const message = newsMessage(news, SITE);
  expect(message.embeds).toHaveLength(1);
  return message.embeds?.[0] as DiscordEmbed;
}

/** Markdown links in a text: [label](url). */
const linkTargets = (text: string) => [...text.matchAll(/\]\((https?:[^)\s]+)\)/g)].map((m) => m[1]);

describe('newsMessage', () => {
  it('has a sample for every kind a route can carry', () => {
    expect(Object.keys(samples).sort()).toEqual(DISCORD_KIND_LIST.map((info) => info.kind).sort());
  });

  it.each(Object.values(samples))('renders $kind with a title linking to the site', (news) => {
    const embed = onlyEmbed(news);
    expect(embed.title?.length).toBeGreaterThan(0);
    expect(embed.description?.length).toBeGreaterThan(0);
    expect(embed.url?.startsWith('https://clan.example/')).toBe(true);
    expect(embed.url?.slice('https://'.length)).not.toContain('//');
    for (const target of linkTargets(embed.description ?? '')) {
      expect(target?.startsWith('https://clan.example/')).toBe(true);
    }
  });

  it.each(Object.values(samples).filter((news) => JSON.stringify(news).includes('Zez_ima')))(
    'escapes markdown in a player name in $kind',
    (news) => {
      const description = onlyEmbed(news).description ?? '';
      expect(description).toContain(inertText(HOSTILE));
      expect(description).not.toContain('[x](https://evil.example)');
      expect(linkTargets(description)).not.toContain('https://evil.example');
    },
  );

  it('shows names in titles as written, and relative times only where Discord renders them', () => {
    const goal = onlyEmbed(samples.goal_completed);
    expect(goal.title).toBe(`${inertText(HOSTILE)} reached a goal`);
    for (const kind of ['competition_starting', 'competition_ending'] as const) {
      const embed = onlyEmbed(samples[kind]);
      expect(embed.title).not.toMatch(/<t:/);
      expect(embed.description).toMatch(/^(Starts|Ends) <t:\d+:R>\n/);
    }
    expect(inertText('<@123>')).toBe('\\<@123\\>');
    expect(plainTitle(inertText(HOSTILE))).toBe(HOSTILE);
  });

  it("names a competition's metric as WOM shows it in every competition message", () => {
    const kinds = [
      'competition_created',
      'competition_starting',
      'competition_started',
      'competition_ending',
    ];
    for (const [metric, shown] of [
      ['wintertodt', 'Wintertodt'],
      ['clue_scrolls_all', 'Clue Scrolls (All)'],
    ]) {
      for (const kind of kinds) {
        const news = { kind, competition: { ...competition, metric } } as News;
        expect(onlyEmbed(news).description).toContain(`Skill of the Week · ${inertText(shown!)}\n`);
      }
    }
  });

  it('ends an event not linked to WOM as a WOM one ends: its title, what it was, and the siege leaders', () => {
    const embed = onlyEmbed({ ...samples.competition_ended, standings: null, points: [] });
    expect(embed.title).toBe('SOTW: Fishing has ended');
    expect(embed.description).toMatch(
      /^Skill of the Week · Fishing\n<t:\d+:f> → <t:\d+:f>\n\n\*\*Siege score leaders\*\*\n🥇 /,
    );
    expect(embed.description).not.toContain('Final standings');
  });

  it('links a member to their page on the site', () => {
    expect(onlyEmbed(samples.member_joined).description).toBe(
      `[${inertText(HOSTILE)}](https://clan.example/members/101)`,
    );
  });

  it('links to the page each kind is about', () => {
    expect(onlyEmbed(samples.goal_completed).url).toBe('https://clan.example/goals/5');
    expect(onlyEmbed(samples.race_finished).url).toBe('https://clan.example/races/9');
    expect(onlyEmbed(samples.achievements).url).toBe('https://clan.example/achievements');
    expect(onlyEmbed(samples.competition_ended).url).toBe('https://clan.example/events');
    expect(onlyEmbed(samples.season_reset).url).toBe('https://clan.example/leaderboard');
    expect(onlyEmbed(samples.player_watch).url).toBe('https://clan.example/admin?tab=alerts');
    expect(onlyEmbed(samples.game_moments).url).toBe('https://clan.example/members/101');
    expect(onlyEmbed(samples.bingo).url).toBe('https://clan.example/bingo/4');
  });

  it('uses the configured address, with or without a trailing slash', () => {
    const embed = newsMessage(samples.member_joined, 'http://localhost:3000').embeds?.[0];
    expect(embed?.url).toBe('http://localhost:3000/members');
    expect(embed?.description).toContain('(http://localhost:3000/members/101)');
  });

  it('names a test message after its route', () => {
    expect(onlyEmbed({ kind: 'test', route: 'Admin *chat*' }).description).toContain('Admin \\*chat\\*');
  });

  it.each([
    ['member_joined', (n: number) => ({ kind: 'member_joined', members: many(n) })],
    [
      'achievements',
      (n: number) => ({
        kind: 'achievements',
        items: many(n).map((m) => ({
          ...m,
          achievement: '99 Attack',
          metric: 'attack',
          threshold: 13_034_431,
        })),
      }),
    ],
    [
      'anniversaries',
      (n: number) => ({ kind: 'anniversaries', members: many(n).map((m) => ({ ...m, years: 1 })) }),
    ],
    [
      'player_watch',
      (n: number) => ({ kind: 'player_watch', reports: many(n).map((m) => ({ ...m, reason: 'x' })) }),
    ],
  ] as [string, (n: number) => News][])('cuts a long %s list at 10 lines and "+N more"', (_, make) => {
    const lines = (onlyEmbed(make(37)).description ?? '').split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toContain('Member 0');
    expect(lines[9]).toContain('Member 9');
    expect(lines[10]).toBe('+27 more');
    expect((onlyEmbed(make(10)).description ?? '').split('\n')).toHaveLength(10);
  });

  it('shows the podium and cuts the points list of an ended competition', () => {
    const ended: News = {
      ...samples.competition_ended,
      standings: many(20).map((m, index) => ({ ...m, value: 1000 - index })),
      points: many(15).map((m) => ({ ...m, points: 5 })),
    };
    const description = onlyEmbed(ended).description ?? '';
    const [podium, points] = description.split('**Points paid**');
    expect(podium).toContain('🥇 [Member 0]');
    expect(podium).toContain('🥉 [Member 2]');
    expect(podium).not.toContain('Member 3]');
    expect(points?.split('**Siege score leaders**')[0]?.trim().split('\n').at(-1)).toBe('+5 more');
  });
});

/** A URL in every form Discord would link, wrapped in right-to-left and isolate controls. */
const PHISH =
  '\u202Ehttps://evil.example/phish <https://evil.example/a> [x](https://evil.example/b) evil.example/c\u2066\u200F';

/** The fields of a news item that hold what a member, an admin or WOM wrote. */
const WRITTEN = new Set([
  'name',
  'team',
  'tile',
  'title',
  'details',
  'player_name',
  'from',
  'to',
  'achievement',
  'goal',
  'reason',
  'username',
  'season',
  'type',
  'metric',
  'route',
  'error',
]);

/** The news item with every written text replaced by PHISH, however deep. */
function phished<T>(value: T): T {
  if (Array.isArray(value)) return value.map(phished) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      typeof field === 'string' && WRITTEN.has(key) ? PHISH : phished(field),
    ]),
  ) as T;
}

describe('written text in a message', () => {
  it('drops direction controls and keeps markdown, links and mentions as text', () => {
    expect(inertText('a\u202Eb\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061Cc')).toBe(
      'abc',
    );
    expect(inertText('https://evil.example/phish')).toBe('https:\u200b//evil.\u200bexample/phish');
    expect(inertText('<https://evil.example>')).toBe('\\<https:\u200b//evil.\u200bexample\\>');
    expect(inertText('[x](http://evil.example)')).toBe('\\[x\\]\\(http:\u200b//evil.\u200bexample\\)');
    expect(inertText('steam://run/1')).toBe('steam:\u200b//run/1');
    expect(inertText('Dragon 2h sword 1.5m, Mr. Bones')).toBe('Dragon 2h sword 1.5m, Mr. Bones');
    expect(plainTitle(inertText('Loot: https://evil.example/x'))).toBe('Loot: https://evil.example/x');
  });

  const everyKind: Announcement[] = [...Object.values(samples).map(phished), { kind: 'test', route: PHISH }];
  it.each(everyKind)('links only to the site and reorders nothing in $kind', (news) => {
    const message = fitToDiscordLimits(newsMessage(news, SITE));
    const texts = messageTexts(message);
    expect(texts.join('\n')).toContain('evil');
    for (const text of texts) {
      expect(text).not.toMatch(BIDI_CONTROL);
      expect(text).not.toContain('evil.example');
      for (const address of linkedAddresses(text)) expect(address).toMatch(/^https:\/\/clan\.example\//);
    }
  });
});

describe('standings with ties', () => {
  const line = (name: string, value: number) => ({ name, wom_id: null, value });
  const places = (text: string) => text.split('\n').map((row) => row.split(' ')[0]);

  it('gives players tied at the end of a season one medal and skips the next place', () => {
    const news: News = {
      kind: 'season_reset',
      season: 'Season 3',
      standings: [line('Ann', 55), line('Bob', 55), line('Cy', 40), line('Di', 40), line('Ed', 12)],
    };
    expect(places(onlyEmbed(news).description ?? '')).toEqual(['🥇', '🥇', '🥉', '🥉', '5.']);
  });

  it("lists everyone tied on a finished competition's podium, and its siege leaders alike", () => {
    const tiedSecond = [line('Ann', 900), ...['Bob', 'Cy', 'Di', 'Ed'].map((name) => line(name, 500))];
    const news: News = {
      ...samples.competition_ended,
      standings: [...tiedSecond, line('Fay', 100)],
      points: [],
      siege_leaders: [line('Ann', 30), line('Bob', 30), line('Cy', 30), line('Di', 30), line('Ed', 2)],
    };
    const [podium, leaders] = (onlyEmbed(news).description ?? '').split('**Siege score leaders**');
    expect(places(podium?.replace('**Final standings**\n', '').trim() ?? '')).toEqual([
      '🥇',
      '🥈',
      '🥈',
      '🥈',
      '🥈',
    ]);
    expect(places(leaders?.trim() ?? '')).toEqual(['🥇', '🥇', '🥇', '🥇']);
  });

  it('lists every player tied at 10th in live standings, then counts the rest', () => {
    const standings = [
      ...Array.from({ length: 9 }, (_, index) => line(`P${index}`, 100 - index)),
      ...Array.from({ length: 3 }, (_, index) => line(`Tied${index}`, 50)),
      line('Low', 1),
    ];
    const news: News = { kind: 'live_standings', competition, standings, finished: false };
    const [list] = (onlyEmbed(news).description ?? '').split('\n\n');
    expect(places(list ?? '').slice(8)).toEqual(['9.', '10.', '10.', '10.', '+1']);
  });
});

describe('an in-game moment', () => {
  const moment = (changes: Partial<Extract<News, { kind: 'game_moments' }>['moment']>): News => ({
    ...samples.game_moments,
    moment: { ...samples.game_moments.moment, ...changes },
  });

  it("tells who, what and when, links the member's page and names the moment's kind", () => {
    const embed = onlyEmbed(moment({ player_name: 'Lynx Titan', details: 'After 512 raids' }));
    expect(embed).toMatchObject({
      title: 'Lynx Titan: Olmlet',
      url: 'https://clan.example/members/101',
      description: '[Lynx Titan](https://clan.example/members/101): After 512 raids',
      timestamp: '2026-11-21T12:00:00.000Z',
      footer: { text: 'Pets' },
    });
    expect(embed.image).toBeUndefined();
  });

  it('escapes mentions and markdown in the name, the title and the details', () => {
    const embed = onlyEmbed(
      moment({ player_name: '@everyone <@&123>', title: 'Loot <@456>', details: '**Twisted bow** <#789>' }),
    );
    expect(embed.title).toBe('@everyone \\<@&123\\>: Loot \\<@456\\>');
    expect(embed.description).toBe(
      '[@everyone \\<@&123\\>](https://clan.example/members/101): \\*\\*Twisted bow\\*\\* \\<\\#789\\>',
    );
    expect(
      fitToDiscordLimits(newsMessage(moment({ player_name: '@everyone' }), SITE)).allowed_mentions,
    ).toEqual({ parse: [] });
  });

  it('shows only the link when the moment has no details', () => {
    expect(onlyEmbed(moment({ player_name: 'Zezima', details: '  ' })).description).toBe(
      '[Zezima](https://clan.example/members/101)',
    );
  });

  it("fits Discord's limits however long the title and details are, keeping the member's link", () => {
    const long = moment({ player_name: 'Zezima', title: 'x'.repeat(1_000), details: 'y'.repeat(10_000) });
    const embed = fitToDiscordLimits(newsMessage(long, SITE)).embeds?.[0];
    expect([...(embed?.title ?? '')]).toHaveLength(DISCORD_LIMITS.title);
    expect([...(embed?.description ?? '')]).toHaveLength(DISCORD_LIMITS.description);
    expect(embed?.description?.startsWith('[Zezima](https://clan.example/members/101): yyy')).toBe(true);
    expect(embed?.description?.endsWith('…')).toBe(true);
  });
});

function many(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    wom_id: String(200 + index),
    name: `Member ${index}`,
  }));
}
