import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run simulator` and `npm run discord-stand-in`, as npm runs them. */
const COMMANDS = {
  simulator: { file: 'src/stand-ins/wom/cli.ts', listening: 'WOM simulator listening' },
  'discord-stand-in': { file: 'src/stand-ins/discord/cli.ts', listening: 'Discord stand-in listening' },
} as const;

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts a stand-in's command; `listening()` resolves once it says it serves. */
function start(command: keyof typeof COMMANDS, args: string[]) {
  const { file, listening } = COMMANDS[command];
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = once(child, 'exit').then(([code]): Ended => ({
    code: code as number | null,
    stdout,
    stderr,
  }));
  const listened = new Promise<void>((resolve) => {
    child.stdout.on('data', () => {
      if (stdout.includes(listening)) resolve();
    });
  });
  const listeningOrEnded = () =>
    Promise.race([
      listened,
      ended.then((end) => {
        throw new Error(`Exited ${end.code} before listening: ${end.stderr}`);
      }),
    ]);
  return { child, ended, listening: listeningOrEnded };
}

describe.each(Object.keys(COMMANDS) as (keyof typeof COMMANDS)[])('npm run %s', (command) => {
  it('serves until SIGTERM, then exits 0', async () => {
    const run = start(command, ['--port', '0']);
    await run.listening();
    run.child.kill('SIGTERM');
    const end = await run.ended;
    expect(end).toMatchObject({ code: 0, stderr: '' });
  });

  it('exits 1 on a wrong flag, naming it and showing the usage', async () => {
    const end = await start(command, ['--port', 'x']).ended;
    expect(end.code).toBe(1);
    expect(end.stderr).toContain("--port needs a whole number from 0 to 65535, got 'x'");
    expect(end.stderr).toContain(`Usage: npm run ${command} -- [options]`);
  });

  it('prints the usage for --help and exits 0 without serving', async () => {
    const end = await start(command, ['--help']).ended;
    expect(end.code).toBe(0);
    expect(end.stdout).toContain(`Usage: npm run ${command} -- [options]`);
    expect(end.stdout).not.toContain(COMMANDS[command].listening);
  });
});
