import { runStandInCli, type Closable } from '#shared/stand-in-cli.ts';
import { parseDiscordStandInCli, USAGE } from './cli-args.ts';
import { DEMO_GUILD, startDiscordStandIn, type ReceivedMessage } from './index.ts';

const write = (text: string) => process.stdout.write(`${text}\n`);

/** One line per arrival: enough to see a route work without a Discord account. */
function describe(message: ReceivedMessage): string {
  const embeds = Array.isArray(message.body.embeds) ? message.body.embeds.length : 0;
  const content = typeof message.body.content === 'string' ? message.body.content.replace(/\s+/g, ' ') : '';
  const preview = content.length > 80 ? `${content.slice(0, 79)}…` : content;
  const files = message.attachments.map((file) => `${file.filename} (${file.size} bytes)`).join(', ');
  return `${message.receivedAt} ${message.method} webhook ${message.webhookId} message ${message.messageId}: ${embeds} embed(s) ${JSON.stringify(preview)}${files ? ` files: ${files}` : ''}`;
}

/**
 * `npm run discord-stand-in`: serves Discord's API locally until Ctrl+C, logging webhook posts, and
 * prints what to paste into the site's `.env` to use it.
 */
async function main(): Promise<Closable | null> {
  const cli = parseDiscordStandInCli(process.argv.slice(2));
  if (cli.help) {
    write(USAGE);
    return null;
  }
  const standIn = await startDiscordStandIn({
    ...cli.options,
    onReceived: (message) => write(describe(message)),
  });
  const webhook = standIn.createWebhook({ name: 'Clan news' });
  const { application } = standIn;
  const authorizeUrl = `${standIn.url}/oauth2/authorize`;
  write(
    [
      'Discord stand-in listening',
      `  address:              ${standIn.url} (API under /api/v10/, webhooks under /api/webhooks/)`,
      `  a webhook to paste:   ${webhook.url}`,
      cli.options.acceptUnknownWebhooks === false
        ? '  other webhooks:       404 Unknown Webhook (--strict)'
        : `  other webhooks:       any ${standIn.url}/api/webhooks/<digits>/<token> is taken on first use`,
      `  sign in with Discord: ${authorizeUrl} (choose a test user; any redirect URI is taken)`,
      `  guild:                ${DEMO_GUILD.name} (${DEMO_GUILD.id})`,
      '',
      "For the site's .env:",
      `  DISCORD_API_BASE_URL=${standIn.url}`,
      `  DISCORD_APPLICATION_ID=${application.id}`,
      `  DISCORD_PUBLIC_KEY=${application.publicKeyHex}`,
      `  DISCORD_CLIENT_SECRET=${application.clientSecret}`,
      `  DISCORD_BOT_TOKEN=${application.botToken}`,
      `  DISCORD_GUILD_ID=${DEMO_GUILD.id}`,
      `  DISCORD_OAUTH_AUTHORIZE_URL=${authorizeUrl}`,
    ].join('\n'),
  );
  return standIn;
}

runStandInCli(USAGE, main);
