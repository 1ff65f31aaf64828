import type { Clock } from '#shared/clock.ts';
import type { ReceivedAttachment } from './request-body.ts';
import { discordTimestamp, isSnowflake, type Snowflakes } from './snowflakes.ts';

export interface Webhook {
  id: string;
  token: string;
  name: string;
  channelId: string;
  deleted: boolean;
}

/** The parts of Discord's message object a sender reads back. */
export interface DiscordMessage {
  id: string;
  type: 0;
  channel_id: string;
  webhook_id: string;
  author: { id: string; username: string; avatar: null; discriminator: '0000'; bot: true };
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: DiscordAttachment[];
  mentions: unknown[];
  mention_roles: string[];
  mention_everyone: boolean;
  pinned: boolean;
  tts: boolean;
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
}

/** A file on a message, as Discord's message object lists it. */
export interface DiscordAttachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type: string;
}

/** One accepted post or edit, exactly as sent (so `allowed_mentions` can be checked as received). */
export interface ReceivedMessage {
  webhookId: string;
  messageId: string;
  method: 'POST' | 'PATCH';
  /** ISO-8601, from the stand-in's clock. */
  receivedAt: string;
  body: Record<string, unknown>;
  /** `?thread_id=` when the sender posted into a thread. */
  threadId: string | null;
  /** The files of a multipart post or edit, in the order sent; none for JSON. */
  attachments: ReceivedAttachment[];
}

interface StoredMessage {
  message: DiscordMessage;
  /** The sent fields after every edit, checked against the limits as a whole on the next edit. */
  fields: Record<string, unknown>;
}

const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const listOr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The webhooks the stand-in knows, the messages they posted, and what arrived, in order. */
export class WebhookStore {
  private readonly webhooks = new Map<string, Webhook>();
  private readonly messages = new Map<string, StoredMessage>();
  /** Interaction webhooks by token: every interaction of one application shares its id. */
  private readonly interactionWebhooks = new Map<string, Webhook>();
  /** Each interaction's deferred reply, by the interaction's token. */
  private readonly originals = new Map<string, string>();
  readonly received: ReceivedMessage[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly ids: Snowflakes,
    /** Whether a webhook never created here is taken on first use (demo mode) or unknown (404). */
    private readonly acceptUnknown: boolean,
    private readonly onReceived: ((message: ReceivedMessage) => void) | null = null,
    /** How many arrivals and messages are kept, so a demo left running for months stays small. */
    private readonly keep = 10_000,
  ) {}

  create(options: { id?: string; token?: string; name?: string } = {}): Webhook {
    const id = options.id ?? this.ids.next();
    if (!isSnowflake(id)) throw new RangeError(`A webhook id is a Discord snowflake (digits), got '${id}'`);
    const webhook: Webhook = {
      id,
      token: options.token ?? `stand-in-${this.ids.next()}`,
      name: options.name ?? 'Stand-in webhook',
      channelId: this.ids.next(),
      deleted: false,
    };
    this.webhooks.set(id, webhook);
    return webhook;
  }

  delete(id: string): void {
    const webhook = this.webhooks.get(id);
    if (webhook !== undefined) webhook.deleted = true;
    else this.create({ id }).deleted = true;
  }

  /**
   * An interaction's own webhook (`/webhooks/{application.id}/{interaction.token}`), through which its
   * reply is edited: a deferred reply is posted now, as Discord shows "thinking…", and
   * `messages/@original` names it.
   */
  openInteraction(applicationId: string, token: string, flags: number): void {
    const webhook: Webhook = {
      id: applicationId,
      token,
      name: 'Interaction reply',
      channelId: this.ids.next(),
      deleted: false,
    };
    this.interactionWebhooks.set(token, webhook);
    const reply = this.post(webhook, { content: '', flags }, null);
    this.originals.set(token, reply.id);
  }

  /** An interaction's deferred reply, by the interaction's token. */
  interactionReply(token: string): DiscordMessage | undefined {
    const id = this.originals.get(token);
    return id === undefined ? undefined : this.message(id);
  }

  /** The message `@original` stands for on this webhook; the id itself for any other. */
  messageIdOf(webhook: Webhook, messageId: string): string {
    return messageId === '@original' ? (this.originals.get(webhook.token) ?? messageId) : messageId;
  }

  /** The webhook the path names, 'unknown' (Discord's 404), or 'bad-token' (its 401). */
  lookup(id: string, token: string): Webhook | 'unknown' | 'bad-token' {
    const interaction = this.interactionWebhooks.get(token);
    if (interaction !== undefined && interaction.id === id) return interaction;
    const webhook = this.webhooks.get(id);
    if (webhook === undefined) {
      if (!this.acceptUnknown || !isSnowflake(id)) return 'unknown';
      return this.create({ id, token });
    }
    if (webhook.deleted) return 'unknown';
    return webhook.token === token ? webhook : 'bad-token';
  }

  post(
    webhook: Webhook,
    body: Record<string, unknown>,
    threadId: string | null,
    files: ReceivedAttachment[] = [],
  ): DiscordMessage {
    const at = this.clock.now();
    const channelId = threadId ?? webhook.channelId;
    const message: DiscordMessage = {
      id: this.ids.next(),
      type: 0,
      channel_id: channelId,
      webhook_id: webhook.id,
      author: {
        id: webhook.id,
        username: textOr(body.username, webhook.name),
        avatar: null,
        discriminator: '0000',
        bot: true,
      },
      content: textOr(body.content, ''),
      embeds: listOr(body.embeds),
      components: listOr(body.components),
      attachments: files.map((file) => this.attachment(channelId, file)),
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      flags: typeof body.flags === 'number' ? body.flags : 0,
      timestamp: discordTimestamp(at),
      edited_timestamp: null,
    };
    this.messages.set(message.id, { message, fields: { ...body } });
    // The oldest message goes first, as if deleted in Discord: an edit of it answers Unknown Message.
    if (this.messages.size > this.keep) this.messages.delete(this.messages.keys().next().value as string);
    this.record(webhook, message.id, 'POST', body, threadId, at, files);
    return message;
  }

  /** How many files a message holds now: an edit that adds none keeps a message of files alone. */
  attachmentCount(messageId: string): number {
    return this.messages.get(messageId)?.message.attachments.length ?? 0;
  }

  /** The fields a message would have after this edit; undefined when the webhook never posted it. */
  fieldsAfterEdit(
    webhook: Webhook,
    messageId: string,
    edit: Record<string, unknown>,
  ): Record<string, unknown> | undefined {
    const stored = this.messages.get(messageId);
    if (stored === undefined || stored.message.webhook_id !== webhook.id) return undefined;
    return { ...stored.fields, ...edit };
  }

  edit(
    webhook: Webhook,
    messageId: string,
    edit: Record<string, unknown>,
    threadId: string | null,
    files: ReceivedAttachment[] = [],
  ): DiscordMessage {
    const stored = this.messages.get(messageId);
    if (stored === undefined) throw new RangeError(`Unknown message ${messageId}`);
    const at = this.clock.now();
    stored.fields = { ...stored.fields, ...edit };
    const message = stored.message;
    if ('content' in edit) message.content = textOr(edit.content, '');
    if ('embeds' in edit) message.embeds = listOr(edit.embeds);
    if ('components' in edit) message.components = listOr(edit.components);
    // Files sent with an edit are added to the message's, as Discord does.
    message.attachments.push(...files.map((file) => this.attachment(message.channel_id, file)));
    message.edited_timestamp = discordTimestamp(at);
    this.record(webhook, messageId, 'PATCH', edit, threadId, at, files);
    return message;
  }

  /** Removes a message this webhook posted; false when there is none. */
  remove(webhook: Webhook, messageId: string): boolean {
    const stored = this.messages.get(messageId);
    if (stored === undefined || stored.message.webhook_id !== webhook.id) return false;
    this.messages.delete(messageId);
    return true;
  }

  message(messageId: string): DiscordMessage | undefined {
    return this.messages.get(messageId)?.message;
  }

  /** Forgets what arrived; webhooks and their messages stay, so later edits still find them. */
  clearReceived(): void {
    this.received.length = 0;
  }

  private attachment(channelId: string, file: ReceivedAttachment): DiscordAttachment {
    const id = this.ids.next();
    const url = `https://cdn.discordapp.com/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`;
    return {
      id,
      filename: file.filename,
      size: file.size,
      url,
      proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
      content_type: file.content_type,
    };
  }

  private record(
    webhook: Webhook,
    messageId: string,
    method: 'POST' | 'PATCH',
    body: Record<string, unknown>,
    threadId: string | null,
    at: Date,
    files: ReceivedAttachment[],
  ): void {
    const received: ReceivedMessage = {
      webhookId: webhook.id,
      messageId,
      method,
      receivedAt: at.toISOString(),
      body: structuredClone(body),
      threadId,
      attachments: files,
    };
    this.received.push(received);
    if (this.received.length > this.keep) this.received.shift();
    this.onReceived?.(received);
  }
}
