import { runStandInCli, type Closable } from '#shared/stand-in-cli.ts';
import { describeFaults, parseSimulatorCli, USAGE, type SimulatorCli } from './cli-args.ts';
import { startSimulator, type WomSimulator } from './index.ts';

const write = (text: string) => process.stdout.write(`${text}\n`);

/** Takes the simulator down (and back up) on the requested schedule, saying so in the log. */
function scheduleDowntime(simulator: WomSimulator, cli: SimulatorCli): void {
  const { downAfterSeconds, downForSeconds } = cli;
  if (downAfterSeconds === null) return;
  const goDown = () => {
    simulator.setFaults({ down: true });
    write(`Simulator down: every request answers an HTML 503`);
    if (downForSeconds === null) return;
    setTimeout(() => {
      simulator.setFaults({ down: false });
      write('Simulator back up');
    }, downForSeconds * 1000);
  };
  if (downAfterSeconds === 0) goDown();
  else setTimeout(goDown, downAfterSeconds * 1000);
}

/** `npm run simulator`: serves a generated clan, with the requested faults, until Ctrl+C. */
async function main(): Promise<Closable | null> {
  const cli = parseSimulatorCli(process.argv.slice(2));
  if (cli.help) {
    write(USAGE);
    return null;
  }
  const simulator = await startSimulator(cli.options);
  simulator.setFaults(cli.faults);
  if (cli.forced429 > 0) simulator.rateLimitNext(cli.forced429, cli.retryAfterSeconds);
  scheduleDowntime(simulator, cli);
  write(
    [
      'WOM simulator listening',
      `  base URL:          ${simulator.url} (or ${simulator.origin}, as a self-hosted WOM)`,
      `  group id:          ${simulator.groupId}`,
      `  verification code: ${simulator.verificationCode}`,
      `  player watch:      ${simulator.origin}/player-watch.json`,
      `  clan:              ${cli.options.members ?? 150} members, seed ${cli.options.seed ?? 1}`,
      'Fault knobs (npm run simulator -- --help lists them)',
      ...describeFaults(cli),
    ].join('\n'),
  );
  return simulator;
}

runStandInCli(USAGE, main);
