import type pg from 'pg';
import { pgDriver } from './pg-driver.ts';
import type { RevisionRow, RevisionWatch } from './revision-watch.ts';

export const REVISIONS_CHANNEL = 'data_revisions';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

export interface RevisionListener {
  /** True while announcements are heard: connected, listening and caught up with the table. */
  listening(): boolean;
  /** Connects on first use: a process that never serves a public read never opens the connection. */
  start(): void;
  close(): Promise<void>;
}

/**
 * One connection of its own (outside the pool, where a query could hold it) that listens on the
 * revisions channel and tells the watch of every commit. It listens before it reads the table, so no
 * commit falls between the two; when the connection drops it forgets what it knew and connects
 * again with a growing pause, and until then every read asks the database.
 */
export function createRevisionListener(
  config: pg.ClientConfig,
  watch: RevisionWatch,
  readRevisions: () => Promise<readonly RevisionRow[]>,
): RevisionListener {
  let client: pg.Client | null = null;
  let caughtUp = false;
  let started = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;

  function lost(from: pg.Client): void {
    if (client !== from) return;
    client = null;
    caughtUp = false;
    watch.forget();
    from.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  function connect(): void {
    retry = null;
    const next = new (pgDriver().Client)(config);
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      const [name, revision] = (message.payload ?? '').split(':');
      if (name && revision) watch.announced(name, Number(revision));
    });
    void (async () => {
      try {
        await next.connect();
        await next.query(`listen ${REVISIONS_CHANNEL}`);
        await watch.read(readRevisions);
        if (client !== next) return;
        caughtUp = true;
        retryMs = FIRST_RETRY_MS;
      } catch {
        lost(next);
      }
    })();
  }

  return {
    listening: () => caughtUp,
    start() {
      if (started || closed) return;
      started = true;
      connect();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      caughtUp = false;
      await open?.end().catch(() => undefined);
    },
  };
}
