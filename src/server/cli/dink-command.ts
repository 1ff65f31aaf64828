import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { DINK_EXAMPLE_TYPES } from '../demo/demo-dink-payloads.ts';
import { demoDinkPost, type DemoDinkMember } from '../demo/demo-dink-posts.ts';
import { storeUnlinkedPost } from '../demo/demo-dink.ts';
import type { ImageCaps } from '../features/dink/dink-inbox.repository.ts';
import { NOT_CURRENT_MESSAGE } from '../features/dink/dink-receiver.routes.ts';
import { receiveDinkPost } from '../features/dink/dink-receiver.service.ts';
import { DinkUpload, dinkImageOf } from '../features/dink/dink-upload.ts';

export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** Names joined by commas in lines of at most 100 characters, each line indented. */
function wrapped(names: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    const next = line === '' ? name : `${line}, ${name}`;
    if (indent.length + next.length > 99 && line !== '') {
      lines.push(`${line},`);
      line = name;
    } else line = next;
  }
  lines.push(line);
  return lines.map((text) => `${indent}${text}`).join('\n');
}

export const DINK_USAGE = `Usage: npm run dink -- --member <name> --type <type> [--image <file>]
       npm run dink -- --member <name> --type <type> --token <token> [--url <site>] [--image <file>]
                       [--account-hash <hash>]

Posts one Dink notification by hand, built from Dink's example payload of <type> under the
member's name (a drop, kill time, level or milestone that passes the default thresholds).

Without --token it is stored in the configured database (DATABASE_URL) for the member of that
name, as the receiver stores a post; the site's moments job shows it within seconds.
With --token it is sent over HTTP to <site>/api/dink/<token> as Dink sends it (JSON, or
multipart with the image), and the answer's status is printed.

Options:
  --member <name>        the member (any case)
  --type <type>          the notification type (any case), one of:
${wrapped(DINK_EXAMPLE_TYPES, '                           ')}
  --image <file>         a PNG or JPEG screenshot to attach
  --token <token>        post to this Dink address instead of the database
  --url <site>           the site for --token (default ${DEFAULT_SITE_URL})
  --account-hash <hash>  the game account for --token (default one fixed per address)
  --help                 show this text`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface DinkArgs {
  member: string;
  type: string;
  image: string | null;
  http: { token: string; url: string; accountHash: string | null } | null;
}

const VALUED = ['--member', '--type', '--image', '--token', '--url', '--account-hash'] as const;
type Valued = (typeof VALUED)[number];

/** The command line's request, `'help'` for --help, or a UsageError saying what is wrong. */
export function parseDinkArgs(args: readonly string[]): DinkArgs | 'help' {
  const values = new Map<Valued, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const option = VALUED.find((name) => name === arg);
    if (!option) throw new UsageError(`Unknown argument "${arg}".\n\n${DINK_USAGE}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${option} needs a value`);
    values.set(option, value);
    i += 1;
  }
  const member = values.get('--member');
  const type = values.get('--type');
  if (member === undefined || type === undefined) throw new UsageError(DINK_USAGE);
  if (!DINK_EXAMPLE_TYPES.includes(type.toUpperCase()))
    throw new UsageError(`Unknown type "${type}". Types: ${DINK_EXAMPLE_TYPES.join(', ')}`);
  const token = values.get('--token');
  if (token === undefined && (values.has('--url') || values.has('--account-hash')))
    throw new UsageError('--url and --account-hash go with --token');
  return {
    member,
    type: type.toUpperCase(),
    image: values.get('--image') ?? null,
    http:
      token === undefined
        ? null
        : {
            token,
            url: values.get('--url') ?? DEFAULT_SITE_URL,
            accountHash: values.get('--account-hash') ?? null,
          },
  };
}

async function imageBytes(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch {
    throw new Error(`Cannot read the image ${path}`);
  }
}

/** A multipart form as Dink builds one: `payload_json` and, when given, the screenshot as `file`. */
function formOf(payloadText: string, image: Buffer | null): FormData {
  const form = new FormData();
  form.append('payload_json', payloadText);
  if (image) form.append('file', new Blob([new Uint8Array(image)]), 'image.png');
  return form;
}

/** The post a hand sends: notable, and new at each run (the time numbers it), so never a repeat. */
function handPost(args: DinkArgs, member: DemoDinkMember, clock: Clock): string {
  const now = clock.now();
  return JSON.stringify(
    demoDinkPost(0, now.getTime() % 2 ** 31, member, now, { type: args.type, notable: true }).payload,
  );
}

/** The upload as the receiver would read it: the image is checked as the receiver checks it. */
function uploadOf(payloadText: string, image: Buffer | null): DinkUpload {
  return new DinkUpload(payloadText, image ? dinkImageOf(image) : null);
}

export interface DinkCommandDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
}

async function findMember(db: Kysely<Database>, name: string) {
  const member = await db
    .selectFrom('members')
    .select(['wom_id', 'name', 'left_at', 'deleted_at'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('wom_id')
    .executeTakeFirst();
  if (!member) throw new Error(`No member named ${name}`);
  if (member.left_at !== null || member.deleted_at !== null)
    throw new Error(`${member.name} is no longer a member of the clan`);
  return { womId: member.wom_id, name: member.name };
}

/**
 * Stores one post for the named member in the database: through the receiver's service when the
 * character has a Dink link (it binds or checks the account), else into the inbox as demo mode's
 * posts go. Returns the line to print.
 */
export async function postDinkToDatabase(deps: DinkCommandDeps, args: DinkArgs): Promise<string> {
  const member = await findMember(deps.db, args.member);
  const link = await deps.db
    .selectFrom('dink_links')
    .leftJoin('player_claims', (join) =>
      join
        .onRef('player_claims.wom_id', '=', 'dink_links.wom_id')
        .onRef('player_claims.user_id', '=', 'dink_links.user_id'),
    )
    .select(['dink_links.user_id', 'dink_links.account_hash', 'player_claims.id as claim_id'])
    .where('dink_links.wom_id', '=', member.womId)
    .executeTakeFirst();
  // As the receiver refuses it: the link's maker no longer owns the character.
  if (link && link.claim_id === null) throw new Error(NOT_CURRENT_MESSAGE);
  const payload = JSON.parse(handPost(args, member, deps.clock)) as Record<string, unknown>;
  if (link?.account_hash) payload.dinkAccountHash = link.account_hash;
  const upload = uploadOf(JSON.stringify(payload), args.image ? await imageBytes(args.image) : null);
  const status = link
    ? await receiveDinkPost(
        deps,
        { womId: member.womId, userId: link.user_id, accountHash: link.account_hash, current: true },
        upload,
      )
    : await storeUnlinkedPost(deps.db, deps.imageCaps, {
        womId: member.womId,
        upload,
        receivedAt: deps.clock.now(),
      });
  const what = `${args.type} post for ${member.name}${upload.image ? ' with its image' : ''}`;
  return status === 'stored'
    ? `Stored a ${what}; the site shows it once its moments job has run.`
    : `The same ${what} was stored before; kept once.`;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** Sends one post to a Dink address over HTTP, as the plugin does; the answer as received. */
export async function postDinkOverHttp(args: DinkArgs, clock: Clock): Promise<HttpAnswer> {
  if (!args.http) throw new UsageError('--token is needed to post over HTTP');
  const { token, url, accountHash } = args.http;
  // One fixed account per address, so a second run is not refused as another account.
  const member = { womId: `address:${token}`, name: args.member };
  const payload = JSON.parse(handPost(args, member, clock)) as Record<string, unknown>;
  if (accountHash) payload.dinkAccountHash = accountHash;
  const payloadText = JSON.stringify(payload);
  const image = args.image ? await imageBytes(args.image) : null;
  const response = await fetch(`${url.replace(/\/+$/, '')}/api/dink/${encodeURIComponent(token)}`, {
    method: 'POST',
    ...(image
      ? { body: formOf(payloadText, image) }
      : { body: payloadText, headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: await response.text() };
}
