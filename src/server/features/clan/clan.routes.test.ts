import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { DEFAULT_LADDER, DEFAULT_POINTS } from '#core/clan/default-rules.ts';

/** The welcome text a fresh install shows: the page's intro as it read before it was data. */
const DEFAULT_WELCOME_HTML =
  '<p>We are an Old School RuneScape clan for skillers, ironmen and fighters alike. We run skill and boss ' +
  'events every week, reward taking part with siege points, and celebrate every milestone together.</p>\n';

for (const dialect of testDialects) {
  describe(`${dialect}: clan profile API`, () => {
    let t: TestApp;
    afterEach(async () => t.close());

    it("serves the default clan's profile and join requirements", async () => {
      t = await createTestApp(dialect);
      const response = await t.app.inject({ method: 'GET', url: '/api/clan' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        name: 'Siege',
        founded: '2022-04-23',
        home_world: 517,
        discord_url: null,
        requirements: { skiller: 400, ironman: 600, regular: 1750 },
        icon_base_url: 'https://wiseoldman.net/img/runescape/icons_small',
        ranks: DEFAULT_LADDER,
        points: DEFAULT_POINTS,
        welcome_html: DEFAULT_WELCOME_HTML,
      });
    });

    it("serves another clan's configuration, with the icon base URL's trailing slashes dropped", async () => {
      t = await createTestApp(dialect, {
        env: {
          CLAN_NAME: 'Iron Wolves',
          CLAN_FOUNDED: '2019-01-05',
          CLAN_HOME_WORLD: '302',
          CLAN_DISCORD_URL: 'https://discord.gg/ironwolves',
          CLAN_MIN_TOTAL_SKILLER: '500',
          CLAN_MIN_TOTAL_IRONMAN: '1000',
          CLAN_MIN_TOTAL_REGULAR: '2000',
          ICON_BASE_URL: 'https://icons.example.com/osrs//',
          ADMIN_USERNAME: 'chief',
          ADMIN_PASSWORD: 'a-long-secret-password',
        },
      });
      const response = await t.app.inject({ method: 'GET', url: '/api/clan' });
      expect(response.json()).toEqual({
        name: 'Iron Wolves',
        founded: '2019-01-05',
        home_world: 302,
        discord_url: 'https://discord.gg/ironwolves',
        requirements: { skiller: 500, ironman: 1000, regular: 2000 },
        icon_base_url: 'https://icons.example.com/osrs',
        ranks: DEFAULT_LADDER,
        points: DEFAULT_POINTS,
        welcome_html: DEFAULT_WELCOME_HTML,
      });
      // Only the profile leaves: nothing else from the configuration.
      expect(response.body).not.toContain('chief');
      expect(response.body).not.toContain('a-long-secret-password');
    });
  });
}
