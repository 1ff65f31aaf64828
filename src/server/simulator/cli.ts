import { startSimulator, type SimulatorOptions } from './index.ts';

const USAGE =
  'Usage: npm run simulator -- [--port 4010] [--host 127.0.0.1] [--members 150] [--seed 1] [--group-id 1234]';

function numberFlag(value: string | undefined, flag: string): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isInteger(parsed))
    throw new Error(`${flag} needs a whole number\n${USAGE}`);
  return parsed;
}

export function parseArgs(args: readonly string[]): SimulatorOptions {
  const options: SimulatorOptions = { port: 4010 };
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i];
    const value = args[i + 1];
    switch (flag) {
      case '--port':
        options.port = numberFlag(value, flag);
        break;
      case '--members':
        options.members = numberFlag(value, flag);
        break;
      case '--seed':
        options.seed = numberFlag(value, flag);
        break;
      case '--group-id':
        options.groupId = numberFlag(value, flag);
        break;
      case '--host':
        if (value === undefined) throw new Error(`--host needs a value\n${USAGE}`);
        options.host = value;
        break;
      default:
        throw new Error(`Unknown option ${String(flag)}\n${USAGE}`);
    }
  }
  return options;
}

/** `npm run simulator`: serves a generated clan until Ctrl+C. */
async function main(): Promise<void> {
  const simulator = await startSimulator(parseArgs(process.argv.slice(2)));
  process.stdout.write(
    `WOM simulator listening\n  base URL:          ${simulator.url}\n  group id:          ${simulator.groupId}\n` +
      `  verification code: ${simulator.verificationCode}\n  player watch:      ${simulator.origin}/player-watch.json\n`,
  );
  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
