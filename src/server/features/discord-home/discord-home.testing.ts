import type { TestApp } from '#test/app.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import type { DiscordStandIn } from '#stand-ins/discord/index.ts';

/** The environment of a site whose Discord application, server and API are the stand-in's. */
export function standInDiscordEnv(discord: DiscordStandIn): Record<string, string> {
  return {
    DISCORD_API_BASE_URL: discord.url,
    DISCORD_OAUTH_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
    DISCORD_APPLICATION_ID: discord.application.id,
    DISCORD_CLIENT_SECRET: discord.application.clientSecret,
    DISCORD_BOT_TOKEN: discord.application.botToken,
    DISCORD_GUILD_ID: DEMO_GUILD.id,
    DISCORD_PUBLIC_KEY: discord.application.publicKeyHex,
  };
}

/** `GET /api/auth/discord/start`: where it sends the browser and the cookie it sets. */
export async function startSignIn(t: TestApp, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/discord/start${cookie ? '?link=1' : ''}`,
    headers: cookie ? { cookie } : {},
  });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  const pending = response.cookies.find((c) => c.name === 'clan_discord_oauth');
  if (!pending) throw new Error('start set no cookie');
  return { location: String(response.headers.location), pending: `clan_discord_oauth=${pending.value}` };
}

/**
 * A browser's whole Discord sign-in: the site's start, the stand-in's consent form (choosing a test
 * user, or Cancel) over real HTTP, then the site's callback with the cookie the start set.
 */
export async function signInWithDiscord(
  t: TestApp,
  discord: DiscordStandIn,
  options: { userId: string; cancel?: boolean; state?: string; link?: string },
): Promise<{ status: number; location: string | null; session: string | null }> {
  const start = await startSignIn(t, options.link);
  const authorize = new URL(start.location);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', options.userId);
  form.set('action', options.cancel ? 'cancel' : 'authorize');
  const consent = await fetch(`${discord.url}/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (consent.status !== 302)
    throw new Error(`the consent form answered ${consent.status}: ${await consent.text()}`);
  const back = new URL(consent.headers.get('location') ?? '');
  if (options.state !== undefined) back.searchParams.set('state', options.state);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: [start.pending, options.link].filter(Boolean).join('; ') },
  });
  const session = callback.cookies.find((c) => c.name === 'clan_session' && c.value !== '');
  return {
    status: callback.statusCode,
    location: callback.headers.location === undefined ? null : String(callback.headers.location),
    session: session ? `clan_session=${session.value}` : null,
  };
}
