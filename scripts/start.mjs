// `npm start`: builds whatever is missing or older than its sources, then runs the production server
// in a process of its own, started with the settings that keep its memory small (server-process.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { serverEnv } from './server-process.mjs';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['src', 'index.html', 'package.json', 'vite.config.ts'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const BUNDLES = [
  'dist/server/main.js',
  'dist/server/demo/demo-wom-process.js',
  'dist/server/demo/demo-discord-process.js',
  'dist/server/screenshot-encoder-process.js',
  'dist/server/sqlite-file-worker.js',
];
const builtAt = existsSync(STAMP) && BUNDLES.every((p) => existsSync(p)) ? statSync(STAMP).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.filter((p) => existsSync(p)).map(newestChange));
if (changedAt > builtAt) {
  process.stdout.write('Building the app (first start or sources changed)...\n');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit', env: serverEnv() });
// The server stops cleanly on these; a terminal's Ctrl-C reaches it directly as well, and it stops once.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  if (signal === null) process.exit(code ?? 1);
  // Ends the same way, so a service manager sees what happened to the server.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
