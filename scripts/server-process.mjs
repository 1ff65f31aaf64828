// How the production server's process starts, for `npm start` and for the benchmarks that measure it:
// V8 and glibc's allocator sized for a small server, so its memory follows what it holds (decision 021).

/**
 * A 1 MB young generation instead of up to 16 MB twice over, and an old-generation limit that makes
 * V8 grow the heap by about 1.4 times its live size at each full collection instead of up to 4
 * times, so garbage left by a sync or a burst of requests is collected instead of kept. The limit is
 * far above what the server holds (about 30 MB live with 2,000 members).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=512'];

/**
 * glibc's malloc: two arenas instead of eight per core, and free memory at the top of the heap given
 * back to the system above 128 KB, a fixed threshold rather than one that grows after each large
 * buffer is freed. Without them, memory compression and the compiler used under load stays resident.
 * Blocks of 16 KB and more are mapped on their own and unmapped when freed: the brief buffers of
 * start-up (compression, screenshots, SQLite) otherwise left free holes amid live blocks that the
 * heap's top cannot give back, and the idle figure moved between 108 and 121 MB from run to run
 * (107 to 108 MB with it, decision 021).
 */
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '16384',
};

/**
 * The server's environment: the settings above, under whatever the environment already says, so an
 * operator's own NODE_OPTIONS (placed after, so its flags win) and MALLOC_* variables still apply.
 */
export function serverEnv(env = process.env) {
  const nodeOptions = [...SERVER_NODE_FLAGS, env.NODE_OPTIONS ?? ''].join(' ').trim();
  return { ...SERVER_MALLOC_ENV, ...env, NODE_OPTIONS: nodeOptions };
}
