import { describe, expect, it } from 'vitest';
import { parseWebhookUrl, webhookUrlHint } from './webhook-url.ts';

const ID = '1234567890123456789';
const TOKEN = 'aBcD-eFgH_iJkL0123456789-token_part';
const path = `/api/webhooks/${ID}/${TOKEN}`;
const STAND_IN = 'http://127.0.0.1:4000';

describe('parseWebhookUrl', () => {
  it.each([
    `https://discord.com${path}`,
    `https://discordapp.com${path}`,
    `https://ptb.discord.com${path}`,
    `https://canary.discord.com${path}`,
    `https://ptb.discordapp.com${path}`,
    `https://canary.discordapp.com${path}`,
    `https://discord.com/api/v10/webhooks/${ID}/${TOKEN}`,
    `https://discord.com${path}/`,
    `  https://DISCORD.com${path}  `,
  ])('accepts %s', (url) => {
    expect(parseWebhookUrl(url, null)).toEqual({ id: ID, token: TOKEN });
  });

  it.each([
    ['plain http', `http://discord.com${path}`],
    ['a host ending in discord.com', `https://discord.com.evil.net${path}`],
    ['a host that only ends like discord.com', `https://evildiscord.com${path}`],
    ['another subdomain', `https://api.discord.com${path}`],
    ['discord.com in the path', `https://evil.com/discord.com${path}`],
    ['userinfo before the host', `https://discord.com@evil.com${path}`],
    ['userinfo with a password', `https://discord.com:x@evil.com${path}`],
    ['userinfo on discord.com', `https://user@discord.com${path}`],
    ['an IP address', `https://162.159.128.233${path}`],
    ['localhost', `https://localhost${path}`],
    ['an IPv6 address', `https://[::1]${path}`],
    ['an IP address written as a number', `https://2130706433${path}`],
    ['a backslash before the host', `https://evil.com\\@discord.com${path}`],
    ['an internal address', `http://127.0.0.1:5432/api/webhooks/1/x`],
    ['a port', `https://discord.com:8443${path}`],
    ['a query string', `https://discord.com${path}?wait=true`],
    ['a thread id', `https://discord.com${path}?thread_id=1`],
    ['a fragment', `https://discord.com${path}#x`],
    ['a message path', `https://discord.com${path}/messages/1`],
    ['a slack-style suffix', `https://discord.com${path}/slack`],
    ['another API path', `https://discord.com/api/users/@me`],
    ['a path escaping upwards', `https://discord.com/api/webhooks/1/x/../../../oauth2/authorize`],
    ['a missing token', `https://discord.com/api/webhooks/${ID}`],
    ['a missing token with a slash', `https://discord.com/api/webhooks/${ID}/`],
    ['an id that is not a number', `https://discord.com/api/webhooks/abc/${TOKEN}`],
    ['a token with an encoded slash', `https://discord.com/api/webhooks/${ID}/a%2F..`],
    ['another scheme', `ftp://discord.com${path}`],
    ['not a URL', 'discord.com/api/webhooks/1/x'],
    ['nothing', ''],
  ])('refuses %s', (_, url) => {
    expect(parseWebhookUrl(url, null)).toBeNull();
  });

  describe(`with DISCORD_API_BASE_URL ${STAND_IN}`, () => {
    it.each([
      `${STAND_IN}${path}`,
      `${STAND_IN}/api/v10/webhooks/${ID}/${TOKEN}`,
      `https://discord.com${path}`,
    ])('accepts %s', (url) => {
      expect(parseWebhookUrl(url, STAND_IN)).toEqual({ id: ID, token: TOKEN });
    });

    it('accepts webhooks under a base given with /api or a trailing slash', () => {
      expect(parseWebhookUrl(`${STAND_IN}${path}`, `${STAND_IN}/api`)).toEqual({ id: ID, token: TOKEN });
      expect(parseWebhookUrl(`${STAND_IN}${path}`, `${STAND_IN}/`)).toEqual({ id: ID, token: TOKEN });
    });

    it.each([
      ['another path on the same host', `${STAND_IN}/__control/received`],
      ['the host alone', `${STAND_IN}/`],
      ['another port', `http://127.0.0.1:4001${path}`],
      ['another host', `http://localhost:4000${path}`],
      ['https on the same host', `https://127.0.0.1:4000${path}`],
      ['a query string', `${STAND_IN}${path}?x=1`],
      ['userinfo', `http://admin@127.0.0.1:4000${path}`],
      ['an internal database', `http://127.0.0.1:5432/api/webhooks/1/x`],
    ])('refuses %s', (_, url) => {
      expect(parseWebhookUrl(url, STAND_IN)).toBeNull();
    });

    it('accepts webhooks only below a base with a path', () => {
      const base = `${STAND_IN}/discord`;
      expect(parseWebhookUrl(`${base}${path}`, base)).toEqual({ id: ID, token: TOKEN });
      expect(parseWebhookUrl(`${STAND_IN}${path}`, base)).toBeNull();
      expect(parseWebhookUrl(`${STAND_IN}/discordx${path}`, base)).toBeNull();
    });
  });
});

describe('webhookUrlHint', () => {
  it('shows the start of the id and never the token', () => {
    for (const url of [`https://discord.com${path}`, `${STAND_IN}/api/v10/webhooks/${ID}/${TOKEN}/`]) {
      const hint = webhookUrlHint(url);
      expect(hint).toBe('…/webhooks/1234…/****');
      expect(hint).not.toContain(TOKEN);
      expect(hint).not.toContain(TOKEN.slice(0, 4));
    }
  });

  it('shows nothing of a URL it cannot read', () => {
    expect(webhookUrlHint(`https://discord.com/api/webhooks/${TOKEN}`)).toBe('…/webhooks/…/****');
  });
});
