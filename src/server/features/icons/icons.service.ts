import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#shared/clock.ts';
import { etagOf } from '../../plugins/etag.ts';
import { listStoredIcons, readStoredIcon, storeIcon } from './icon-store.ts';
import { fetchUpstreamIcon, isPng, UpstreamRefusal } from './icon-upstream.ts';

export interface ServedIcon {
  body: Buffer;
  etag: string;
}

export interface IconServiceDeps {
  /** The upstream icon host: `${baseUrl}/${name}`. */
  baseUrl: string;
  cacheDir: string;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long a visitor waits at most for an icon the site does not have yet. */
  fetchTimeoutMs?: number;
  /** How long an icon that could not be fetched answers 404 before the upstream is asked again. */
  failureMemoryMs?: number;
}

export interface IconService {
  /** The icon's bytes, or null when it cannot be had now. Never throws. */
  get(name: string): Promise<ServedIcon | null>;
  /** The icons held now, by file name: a page may ask for these without meeting a 404. Only grows. */
  held(): ReadonlySet<string>;
  /** Loads each named icon not held yet: those on disk first, then from the upstream while it answers. */
  warm(names: Iterable<string>): Promise<void>;
}

const FETCH_TIMEOUT_MS = 5_000;
/** How long an icon that could not be fetched answers 404 before the upstream is asked again. */
export const FAILURE_MEMORY_MS = 10 * 60_000;
/** Upstream fetches a warm-up makes at once: quick on a fresh site, gentle on the icon host. */
const WARM_CONCURRENCY = 4;

const served = (body: Buffer): ServedIcon => ({ body, etag: etagOf(body) });

/**
 * Icons the site serves itself: from memory, else from the disk cache, else fetched from the
 * upstream once (concurrent first requests share one fetch) and stored for every later request, a
 * restart and the other instances. A failed fetch is remembered for a while, so a dead upstream is
 * asked once per icon per while, and visitors get their 404 (and the page its fallback) at once.
 */
export function createIconService(deps: IconServiceDeps): IconService {
  const fetchTimeoutMs = deps.fetchTimeoutMs ?? FETCH_TIMEOUT_MS;
  const failureMemoryMs = deps.failureMemoryMs ?? FAILURE_MEMORY_MS;
  const inMemory = new Map<string, ServedIcon>();
  const held = new Set<string>();
  const loading = new Map<string, Promise<ServedIcon | null>>();
  const failedUntil = new Map<string, number>();
  // One warning per outage, not one per icon: a page of 80 icons would fill the log.
  let upstreamFailing = false;
  // Set when the upstream fails as a whole (no answer, an error, a refusal), not when it lacks one icon.
  let upstreamDown = false;

  async function fetchAndStore(name: string): Promise<ServedIcon | null> {
    let body: Buffer;
    try {
      body = await fetchUpstreamIcon(deps.baseUrl, name, fetchTimeoutMs);
    } catch (error) {
      upstreamDown = !(error instanceof UpstreamRefusal && error.status === 404);
      failedUntil.set(name, deps.clock.now().getTime() + failureMemoryMs);
      if (!upstreamFailing)
        deps.log.warn(`Game icons cannot be fetched (${(error as Error).message}); pages show a fallback`);
      upstreamFailing = true;
      return null;
    }
    upstreamFailing = false;
    upstreamDown = false;
    try {
      await storeIcon(deps.cacheDir, name, body);
    } catch (error) {
      // Still served from memory; only a restart has to fetch it again.
      deps.log.warn(`Cannot store the icon ${name} in ${deps.cacheDir}: ${(error as Error).message}`);
    }
    return served(body);
  }

  async function load(name: string): Promise<ServedIcon | null> {
    const stored = await readStoredIcon(deps.cacheDir, name);
    const icon = stored && isPng(stored) ? served(stored) : await fetchAndStore(name);
    if (icon) {
      inMemory.set(name, icon);
      held.add(name);
    }
    return icon;
  }

  async function get(name: string): Promise<ServedIcon | null> {
    const known = inMemory.get(name);
    if (known) return known;
    if ((failedUntil.get(name) ?? 0) > deps.clock.now().getTime()) return null;
    let pending = loading.get(name);
    if (!pending) {
      pending = load(name)
        .catch(() => null)
        .finally(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
  }

  async function warm(names: Iterable<string>): Promise<void> {
    const missing = [...names].filter((name) => !inMemory.has(name));
    const onDisk = new Set(await listStoredIcons(deps.cacheDir));
    // Disk first: a restart without the internet still holds every icon it had.
    await Promise.all(missing.filter((name) => onDisk.has(name)).map(get));
    const upstream = missing.filter((name) => !inMemory.has(name));
    upstreamDown = false;
    // One icon alone first: an upstream whose name does not resolve holds each lookup in one of
    // libuv's four threads for seconds, and four at once would leave none for the database's own
    // lookup and the file reads (seen in a container with no DNS outside: start-up's connection to
    // PostgreSQL timed out).
    let next = 0;
    for (let batch = 1; next < upstream.length && !upstreamDown; batch = WARM_CONCURRENCY) {
      await Promise.all(upstream.slice(next, next + batch).map(get));
      next += batch;
    }
  }

  return { get, held: () => held, warm };
}
