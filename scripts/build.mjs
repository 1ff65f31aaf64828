// Builds the production app: the web app into dist/web (Vite) and the server into dist/server (esbuild).
// BUILD_DIR builds elsewhere (e.g. a second build for journeys running beside another).
import { writeFileSync } from 'node:fs';
import { build as buildServer } from 'esbuild';
import { build as buildWeb } from 'vite';
import { compressAssets } from './compress-assets.mjs';

const outDir = process.env.BUILD_DIR ?? 'dist';

await buildWeb({ logLevel: 'warn', build: { outDir: `${outDir}/web`, emptyOutDir: true } });
await compressAssets(`${outDir}/web`);
await buildServer({
  // Demo mode runs its WOM simulator and its Discord stand-in in processes of their own, from
  // dist/server/demo/, screenshots are re-encoded in one beside main.js (decision 031), and SQLite
  // backups are copied in a worker thread started from dist/server/sqlite-file-worker.js.
  entryPoints: [
    'src/server/main.ts',
    'src/server/demo/demo-wom-process.ts',
    'src/server/demo/demo-discord-process.ts',
    { in: 'src/server/features/dink/screenshot-encoder-process.ts', out: 'screenshot-encoder-process' },
    { in: 'src/server/db/sqlite-file-worker.mjs', out: 'sqlite-file-worker' },
    // The site's commands (`npm run admin`, ...) as plain scripts for the container, which has no npm
    // and no sources: `node dist/server/admin.js`. Beside main.js, so the workers and processes they
    // start are found where main.js finds them.
    ...['admin', 'backup', 'restore', 'migrate', 'dink', 'discord'].map((name) => ({
      in: `src/server/cli/${name}.ts`,
      out: name,
    })),
  ],
  outbase: 'src/server',
  outdir: `${outDir}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync(`${outDir}/.build-stamp`, new Date().toISOString());
process.stdout.write(`Built ${outDir}/web and ${outDir}/server\n`);
