/** The hosts Discord serves webhooks from (issue 22): the main, PTB and Canary clients', old and new. */
const DISCORD_HOSTS: ReadonlySet<string> = new Set(
  ['discord.com', 'discordapp.com'].flatMap((host) => [host, `ptb.${host}`, `canary.${host}`]),
);

const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/(\d{1,25})\/([\w-]{1,100})\/?$/;

export interface WebhookAddress {
  /** The webhook's id: Discord keeps one rate-limit bucket per webhook. */
  id: string;
  token: string;
}

/** The error an admin sees for a URL that is not a webhook the site may post to. */
export const WEBHOOK_URL_MESSAGE =
  'Paste a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}';

/**
 * The webhook a route's URL names, or null when the URL is anything else. Only Discord's own hosts
 * over https are accepted, or a webhook under `apiBase` (the stand-in in tests and demo mode), so
 * the server cannot be pointed at an internal address.
 */
export function parseWebhookUrl(text: string, apiBase: string | null): WebhookAddress | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  const path = underBase(url, apiBase) ?? onDiscord(url);
  const match = path === null ? null : WEBHOOK_PATH.exec(path);
  return match ? { id: match[1] as string, token: match[2] as string } : null;
}

function onDiscord(url: URL): string | null {
  return url.protocol === 'https:' && url.port === '' && DISCORD_HOSTS.has(url.hostname)
    ? url.pathname
    : null;
}

/** The path below the configured API base, as `/api/webhooks/…`, when the URL is under it. */
function underBase(url: URL, apiBase: string | null): string | null {
  if (!apiBase) return null;
  const base = new URL(apiBase);
  if (url.origin !== base.origin) return null;
  const prefix = base.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  if (!url.pathname.startsWith(`${prefix}/api/`)) return null;
  return url.pathname.slice(prefix.length);
}

/** How a route's URL is shown: enough to tell two webhooks apart, never enough to post to one. */
export function webhookUrlHint(text: string): string {
  const match = /\/webhooks\/(\d+)\//.exec(text);
  const id = match?.[1] ?? '';
  return `…/webhooks/${id.slice(0, 4)}…/****`;
}
