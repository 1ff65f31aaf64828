import type { Kysely } from 'kysely';
import { watchListSchema, type WatchListCase } from '#core/player-watch/player-watch.schema.ts';
import type { Database } from '../../db/schema.ts';
import { inSerializableTransaction } from '../../db/transactions.ts';
import type { Job } from '../../jobs/job.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import {
  PLAYER_WATCH,
  PLAYER_WATCH_ACTOR,
  WATCH_LIST_MAX_BYTES,
  applyWatchList,
} from './player-watch.service.ts';

export interface PlayerWatchJobDeps {
  db: Kysely<Database>;
  /** Where the list is published; null when only uploads feed it. */
  url: string | null;
}

/** How long the whole download may take, body included. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

export const NO_WATCH_LIST_URL =
  'No player-watch list URL is configured (PLAYER_WATCH_URL); upload the list instead';

const DOWNLOADING = 'Downloading the list';
const SAVING = 'Saving';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The body as text, refusing one larger than `maxBytes` without reading the rest of it. */
async function readAtMost(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = new Error(`the list is larger than ${maxBytes / 1024 / 1024} MiB`);
  if (Number(response.headers.get('content-length')) > maxBytes) throw tooLarge;
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge;
    }
    chunks.push(value);
  }
}

/**
 * The published list, checked whole: any failure (the network, a status other than 2xx, a body that
 * is not the list) throws, so the caller keeps the last good list. A failed download says nothing
 * about the clan: it is "unknown", never "clean".
 */
export async function downloadWatchList(url: string): Promise<WatchListCase[]> {
  let text: string;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
    text = await readAtMost(response, WATCH_LIST_MAX_BYTES);
  } catch (error) {
    throw new Error(`Could not download the player-watch list from ${url}: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The player-watch list from ${url} is not JSON`);
  }
  const parsed = watchListSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`The player-watch list from ${url} is not a list of cases${where}: ${issue?.message}`);
  }
  // Text one database cannot store (a NUL, an unpaired surrogate) refuses the list as a whole.
  const problem = unstorableText(parsed.data);
  if (problem) throw new Error(`The player-watch list from ${url} is refused: ${problem}`);
  return parsed.data;
}

/**
 * The scheduled import as a job body: download and check the list first, then replace the stored
 * list in one transaction that holds the lease first and records the run's success last.
 */
export function playerWatchJob(deps: PlayerWatchJobDeps): Job {
  return {
    name: PLAYER_WATCH,
    async run(context) {
      if (deps.url === null) throw new Error(NO_WATCH_LIST_URL);
      await context.progress(DOWNLOADING);
      const list = await downloadWatchList(deps.url);
      await context.progress(SAVING);
      const now = context.clock.now();
      await inSerializableTransaction(deps.db, async (trx) => {
        await context.holdLease(trx);
        const counts = await applyWatchList(trx, list, { now, actor: PLAYER_WATCH_ACTOR });
        await context.recordSuccess(trx, counts);
      });
    },
  };
}
